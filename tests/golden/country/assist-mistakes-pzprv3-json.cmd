country mistakes --json tests/golden/country/files/progress.pzprv3
