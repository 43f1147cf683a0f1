"""What the two perft generators (make_perft.py, make_go_perft.py) share: the digest of a fixture
line, FNV-1a 64 (offset basis cbf29ce484222325, prime 100000001b3) over ASCII text, as 16 hex
digits. The Rust tests compute the same with `test_support::fnv1a64`."""

FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3


def fnv1a64(text):
    h = FNV_OFFSET
    for byte in text.encode("ascii"):
        h ^= byte
        h = (h * FNV_PRIME) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"
