tokens upgrade --from 'city=revenue:yellow_40|green_50' --to 'city=revenue:40'
