taxis play -
