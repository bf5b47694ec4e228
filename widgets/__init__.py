"""The Textual table app. All rules come from `scorer`; this package only collects input and shows results."""
