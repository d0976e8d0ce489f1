taxis ideal -
