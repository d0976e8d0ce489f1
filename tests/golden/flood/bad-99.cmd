flood solve - --format 99problems
