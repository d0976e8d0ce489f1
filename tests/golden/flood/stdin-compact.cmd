flood solve - --format compact
