"""Clubs, memberships and roles (`permissions.py`), club nights, registrations, waitlists,
check-in and iCal feeds.

May import: `accounts`, `core`.
"""
