flood generate --format 99problems --size 3x3 --count 2
