taxis play --graph - --quiet
