taxis play --reading clear --seed 3 --index 2 --json
