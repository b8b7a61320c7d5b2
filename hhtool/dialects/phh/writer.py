def render_hand(hand):
    raise NotImplementedError
