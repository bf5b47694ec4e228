"""The app's screens: home, the game steps (setup, recruitment, age, conflicts, end, sheet) and their dialogs."""
