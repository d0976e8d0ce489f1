country solve 'https://swaroopg92.github.io/penpa-edit/#m=edit&p=bm90IGRlZmxhdGVk'
