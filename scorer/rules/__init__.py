"""The rules engine: one module per rulebook concept, pure functions returning values and Rulings."""
