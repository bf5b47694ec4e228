"""Dialogs that several screens open, one module each."""
