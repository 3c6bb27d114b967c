"""Helpers the tests share: worlds built by hand, data and saves with one thing changed, scripted heroes'
steps and the screens' input. No test module imports another; what two of them need lives here."""
