taxis tournament --games 20000 --reading closed --threads 2
