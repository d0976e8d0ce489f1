flow generate --colours abc
