taxis play --reading closed
