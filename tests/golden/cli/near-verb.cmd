flood slove
