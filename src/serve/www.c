/* The page's files (data/www: our own HTML, CSS and JavaScript, no build step), read into
 * memory when the server starts. A request's path is looked up in that table and never
 * opened, so no request can reach any other file, and first paint costs no disk access. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "serve/serve.h"

static const char *type_of(const char *name) {
    static const struct {
        const char *ext, *type;
    } types[] = {
        {".html", "text/html; charset=utf-8"}, {".css", "text/css; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"}, {".svg", "image/svg+xml"},
        {".png", "image/png"}, {".ico", "image/x-icon"},
        {".json", "application/json"}, {".txt", "text/plain; charset=utf-8"},
    };
    const char *dot = strrchr(name, '.');
    for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
        if (strcasecmp(dot, types[i].ext) == 0) return types[i].type;
    return NULL;
}

/* The file's bytes as they are (pictures are binary: no line-end or UTF-8 handling). */
static char *read_bytes(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    gopt_buf b = {0};
    bool read = gopt_buf_read_all(&b, f);
    fclose(f);
    if (!read) {
        gopt_buf_free(&b);
        return NULL;
    }
    *len = b.len;
    return b.data ? gopt_buf_take(&b) : gopt_strdup("");
}

#define STYLE_LINK "<link rel=\"stylesheet\" href=\"style.css\">"

static int by_path(const void *a, const void *b) {
    return strcmp(((const serve_file *)a)->path, ((const serve_file *)b)->path);
}

bool serve_www_load(serve_www *w, gopt_error *err) {
    *w = (serve_www){0};
    if (!gopt_data_path("www", w->dir, sizeof w->dir))
        return gopt_fail(err, "data/www", 0, 0, "the page's folder is missing (set GAMEOPT_DATA to the data folder)");
    DIR *d = opendir(w->dir);
    if (!d) return gopt_fail(err, w->dir, 0, 0, "cannot read the page's folder");
    size_t cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        const char *type = type_of(e->d_name);
        if (e->d_name[0] == '.' || !type) continue; /* only the page's own kinds of file */
        char *path = gopt_format("%s/%s", w->dir, e->d_name);
        struct stat st;
        size_t len = 0;
        char *data = stat(path, &st) == 0 && S_ISREG(st.st_mode) ? read_bytes(path, &len) : NULL;
        if (data) {
            gopt_grow(&w->files, &cap, w->n + 1, sizeof *w->files);
            w->files[w->n++] = (serve_file){gopt_format("/%s", e->d_name), type, data, len};
        }
        free(path);
    }
    closedir(d);
    qsort(w->files, w->n, sizeof *w->files, by_path);
    const serve_file *index = serve_www_find(w, "/");
    if (!index) return gopt_fail(err, w->dir, 0, 0, "index.html is missing");
    /* The first paint waits for the stylesheet: serving it inside the page saves a request
     * on the critical path (a fresh browser's first navigation pays most for each one). */
    const char *link = strstr(index->data, STYLE_LINK);
    w->css = serve_www_find(w, "/style.css");
    if (link && w->css) {
        w->head = gopt_strndup(index->data, (size_t)(link - index->data));
        w->tail = gopt_strdup(link + strlen(STYLE_LINK));
    }
    return true;
}

char *serve_www_page(const serve_www *w, const char *nonce, size_t *len) {
    if (!w->head) return NULL;
    gopt_buf b = {0};
    gopt_buf_puts(&b, w->head);
    gopt_buf_printf(&b, "<style nonce=\"%s\">\n", nonce);
    gopt_buf_append(&b, w->css->data, w->css->len);
    gopt_buf_puts(&b, "</style>");
    gopt_buf_puts(&b, w->tail);
    *len = b.len;
    return gopt_buf_take(&b);
}

const serve_file *serve_www_find(const serve_www *w, const char *url) {
    if (strcmp(url, "/") == 0) url = "/index.html";
    serve_file key = {.path = (char *)url};
    return bsearch(&key, w->files, w->n, sizeof *w->files, by_path);
}

void serve_www_free(serve_www *w) {
    for (size_t i = 0; i < w->n; i++) {
        free(w->files[i].path);
        free(w->files[i].data);
    }
    free(w->files);
    free(w->head);
    free(w->tail);
    *w = (serve_www){0};
}
