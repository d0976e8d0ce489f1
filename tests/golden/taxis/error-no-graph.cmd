taxis play --graph no-such-board
