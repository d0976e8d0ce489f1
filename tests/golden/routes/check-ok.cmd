routes check data/routes/1889-late.txt tests/golden/routes/1889-late.routes.json
