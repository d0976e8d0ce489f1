taxis play --reading refill --seed 3 --index 2
