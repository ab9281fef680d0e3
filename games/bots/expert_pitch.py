def expert_action(view, rng, budget):
    from .pitch import club_action
    return club_action(view, rng)
