tokens upgrade --from 1846:57 --to 1846:57
