"""The seed's tables for building creatures (C1-C8, C19, C23, C28, C32): pure lookups."""
from __future__ import annotations

from game.rules.dice import PROGRESSION

RANKS = ("minion", "adept", "leader", "champion", "master", "epic", "legendary")
TIERS = range(1, 8)
ATTRIBUTES = ("strength", "agility", "physique", "endurance",
              "intelligence", "wisdom", "charisma", "perception")
ABBREVIATIONS = dict(zip(ATTRIBUTES, ("STR", "AGI", "PHY", "END", "INT", "WIS", "CHA", "PER")))

# C6/C7: the die ladder shared by tier dice, DTDs and attribute dice: d2 ... d12, 2d6 ... 4d8.
LADDER = PROGRESSION[2:]
MAX_ATTRIBUTE_TIER = 13
MAX_SCORE = 5 * MAX_ATTRIBUTE_TIER - 1  # 64: the top of T13, the last row of the C7 table
HUMAN_CEILING = 7  # C7, C23: mortal humanoids cap at attribute T7

# C2: rank -> Trial Base Die; C5: rank -> Division offset; C19: rank -> resistance factor.
TRIAL_DIE = dict(zip(RANKS, ("d2", "d3", "d4", "d6", "d8", "d10", "d12")))
RANK_OFFSET = {rank: index for index, rank in enumerate(RANKS)}

# C23 tier budget, the seed's table row by row (tier 1..7), columns in RANKS order.
TIER_BUDGET = {
    1: (8, 12, 14, 16, 18, 20, 24),
    2: (8, 18, 20, 22, 24, 28, 32),
    3: (8, 24, 26, 28, 30, 36, 40),
    4: (8, 30, 32, 34, 36, 44, 48),
    5: (8, 36, 38, 40, 42, 52, 56),
    6: (8, 42, 44, 46, 48, 60, 64),
    7: (8, 48, 50, 52, 54, 68, 72),
}
TIER_BUDGET_SLACK = 2  # C23: "within ~2 of the budget"
EXCEPTIONAL = {"epic": 5, "legendary": 6}  # C23: needs one attribute at this tier or higher

# C28 size bonus by squares occupied: 1/2 and 1 -> 0, 2 -> +2, 4 -> +4, 6 -> +6, 9+ -> +8.
# Footprints between the listed ones take the bonus of the largest listed size they reach.
SIZE_BONUS = ((9, 8), (6, 6), (4, 4), (2, 2), (0, 0))

# C32 bands: (name, fewest heads, bonus); below 4 heads no band and +0.
BANDS = (("Swarm", 16, 6), ("Brood", 8, 4), ("Cluster", 4, 2))
BAND_TABLE_HEADS = (("Cluster", 6), ("Brood", 12), ("Swarm", 16))  # C41 default band table
MAX_HEADS = 64  # heads of the largest minion group (C31, C39), four times a Swarm


def _check_tier(tier: int) -> None:
    if tier not in TIERS:
        raise ValueError(f"tier must be 1-7, not {tier!r}")


def _check_rank(rank: str) -> None:
    if rank not in RANKS:
        raise ValueError(f"rank must be one of {', '.join(RANKS)}, not {rank!r}")


def tier_die(tier: int) -> str:
    """C1: Tier 1-7 -> d2, d3, d4, d6, d8, d10, d12."""
    _check_tier(tier)
    return LADDER[tier - 1]


def trial_die(rank: str) -> str:
    """C2: the rank's Trial Base Die, d2 (Minion) ... d12 (Legendary)."""
    _check_rank(rank)
    return TRIAL_DIE[rank]


def division(tier: int, rank: str) -> int:
    """C5: Division = Tier + rank offset (Minion +0 ... Legendary +6)."""
    _check_tier(tier)
    _check_rank(rank)
    return tier + RANK_OFFSET[rank]


def division_die(tier: int, rank: str) -> str:
    """C6: the DTD; minions always d2, otherwise the ladder at the Division (past d12: 2d6 ... 4d8)."""
    if rank == "minion":
        _check_tier(tier)
        return "d2"
    return LADDER[division(tier, rank) - 1]


def attribute_tier(score: int) -> int:
    """C7: every 5 points one attribute tier; 1-4 is T1, 60+ is T13."""
    if not isinstance(score, int) or isinstance(score, bool) or score < 1:
        raise ValueError(f"attribute score must be a whole number of at least 1, not {score!r}")
    return min(MAX_ATTRIBUTE_TIER, score // 5 + 1)


def attribute_die(score: int) -> str:
    """C7: the attribute tier's die, d2 (T1) ... d12 (T7, human ceiling) ... 4d8 (T13)."""
    return LADDER[attribute_tier(score) - 1]


def resistance_budget(tier: int, rank: str) -> int:
    """C19: Tier x rank factor (Minion 1 ... Legendary 7) x 5."""
    _check_tier(tier)
    _check_rank(rank)
    return tier * (RANK_OFFSET[rank] + 1) * 5


def tier_budget(tier: int, rank: str) -> int:
    """C23: the guideline total of the eight attribute tiers."""
    _check_tier(tier)
    _check_rank(rank)
    return TIER_BUDGET[tier][RANK_OFFSET[rank]]


def size_bonus(squares: float) -> int:
    """C28: attack bonus by squares occupied (also the size Endurance dice of C24-C25)."""
    if squares <= 0:
        raise ValueError(f"a creature occupies at least half a square, not {squares!r}")
    return next(bonus for least, bonus in SIZE_BONUS if squares >= least)


def band(heads: int) -> tuple[str | None, int]:
    """C32: band name and bonus read at the current heads; below 4 heads (None, 0)."""
    if heads < 0:
        raise ValueError(f"heads cannot be negative, not {heads!r}")
    return next(((name, bonus) for name, least, bonus in BANDS if heads >= least), (None, 0))
