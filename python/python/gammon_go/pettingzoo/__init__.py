"""PettingZoo environments of gammon_go: ``backgammon_v0``."""
