/*
 * The smallest complete use of libgripper: open an engine on your data,
 * feed it a toolkit's touch events (here, a long press on "pear" and a drag
 * two rows down), fire its deadlines, draw what it lays out, read what
 * happened. Built and run by scripts/test-c:
 *
 *     cc example.c $(pkg-config --cflags --libs gripper) -o example && ./example
 */
#include <gripper.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static gripper_engine *engine;

/* Stops on any error, with the engine's own words for it. */
static void check(gripper_status status, const char *what) {
    if (status == GRIPPER_OK) return;
    fprintf(stderr, "%s: %s: %s\n", what, gripper_status_name(status), gripper_engine_last_error(engine));
    gripper_engine_close(engine);
    exit(1);
}

/* Draws the cells on screen as text rows: y, height, identity. */
static void draw(void) {
    gripper_attributes cells[32];
    size_t count = 0;
    check(gripper_attributes_in_rect(engine, 0, 0, 360, 240, cells, 32, &count), "attributes");
    for (size_t k = 0; k < count; k++) {
        const gripper_attributes *a = &cells[k];
        if (a->kind != GRIPPER_ELEMENT_CELL && a->kind != GRIPPER_ELEMENT_DRAG_PROXY) continue;
        printf("  %-5s y=%6.1f h=%4.1f %s%s\n", a->kind == GRIPPER_ELEMENT_CELL ? "cell" : "proxy", a->y, a->height,
               a->id ? a->id : "?", a->flags & GRIPPER_ATTR_HIDDEN ? " (hidden: the gap)" : "");
    }
}

/* Lets time pass until `until`, as your timer would: fires each deadline
 * the engine asks for, at its time. */
static void wait_until(int64_t until) {
    int64_t deadline = 0;
    int has = 0;
    for (;;) {
        check(gripper_next_deadline(engine, &deadline, &has), "deadline");
        if (!has || deadline > until) break;
        check(gripper_fire(engine, deadline), "fire");
    }
    check(gripper_fire(engine, until), "fire");
}

/* Prints the transcript lines the last calls produced. */
static void print_lines(void) {
    char text[4096];
    size_t length = 0;
    check(gripper_take_lines(engine, text, sizeof text, &length), "lines");
    fputs(text, stdout);
}

int main(void) {
    const char *fruit[] = {"apple", "pear", "plum", "fig"};
    gripper_section_data sections[] = {{"fruit", fruit, 4, NULL}};
    gripper_config config;
    gripper_config_init(&config);
    config.viewport_width = 360;
    config.viewport_height = 240;
    config.row_height = 56;
    config.points_per_millimetre = 96 / 25.4; /* a 96 dpi screen */
    char message[256];
    if (gripper_engine_open_arrays(&config, sections, 1, NULL, &engine, message, sizeof message) != GRIPPER_OK) {
        fprintf(stderr, "open: %s\n", message);
        return 1;
    }

    /* Times are microseconds on your toolkit's clock (GDK: event time × 1000). */
    int64_t t = 1000000;
    check(gripper_touch(engine, t, GRIPPER_TOUCH_BEGIN, 1, 180, 84), "touch");
    /* The finger rests: a long press is a deadline the engine asks for. */
    int64_t held = t + 600000;
    wait_until(held);
    for (int k = 1; k <= 8; k++) check(gripper_touch(engine, held + k * 16000, GRIPPER_TOUCH_UPDATE, 1, 180, 84 + k * 15), "move");
    printf("mid-drag (%s):\n", gripper_state(engine));
    draw();
    check(gripper_touch(engine, held + 200000, GRIPPER_TOUCH_END, 1, 180, 204), "lift");
    print_lines();

    printf("after the drop:\n");
    draw();
    char id[64];
    check(gripper_item_id(engine, 0, 3, id, sizeof id, NULL), "item");
    gripper_engine_close(engine);
    if (strcmp(id, "pear") != 0) {
        fprintf(stderr, "expected pear last, found %s\n", id);
        return 1;
    }
    return 0;
}
