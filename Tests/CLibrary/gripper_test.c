/*
 * libgripper's tests, from C, against the built library: every promise of
 * gripper.h that a C caller relies on — results, ownership, errors on bad
 * input, reentrancy, buffers — checked through the ABI. scripts/test-c runs
 * it plain, under valgrind memcheck and built with AddressSanitizer.
 * Prints one line per failed check and ends with "N passed, M failed".
 */
#include <gripper.h>

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (cond) {                                                        \
            passed++;                                                      \
        } else {                                                           \
            failed++;                                                      \
            fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                  \
            fputc('\n', stderr);                                           \
        }                                                                  \
    } while (0)

#define OK(call) CHECK((st = (call)) == GRIPPER_OK, "%s: %s", gripper_status_name(st), gripper_engine_last_error(engine))

static const int64_t S = 1000000; /* a second, in microseconds */

/* The transcript lines taken so far, appended. */
static char lines[1 << 16];

static void take(gripper_engine *engine) {
    size_t used = strlen(lines), length = 0;
    gripper_status st = gripper_take_lines(engine, lines + used, sizeof lines - used, &length);
    if (st != GRIPPER_OK) fprintf(stderr, "take_lines: %s\n", gripper_status_name(st));
}

static gripper_engine *open_fruit(uint32_t flags, const gripper_delegate *delegate) {
    static const char *fruit[] = {"apple", "pear", "plum", "fig"};
    static const char *veg[] = {"leek", "kale"};
    gripper_section_data sections[] = {{"fruit", fruit, 4, NULL}, {"veg", veg, 2, NULL}};
    gripper_config config;
    gripper_config_init(&config);
    config.viewport_width = 400;
    config.viewport_height = 600;
    config.flags = flags | GRIPPER_RECORD_TRANSCRIPT;
    gripper_engine *engine = NULL;
    char message[256] = "";
    gripper_status st = gripper_engine_open_arrays(&config, sections, 2, delegate, &engine, message, sizeof message);
    if (st != GRIPPER_OK) fprintf(stderr, "open: %s: %s\n", gripper_status_name(st), message);
    lines[0] = 0;
    return engine;
}

static void item(gripper_engine *engine, size_t s, size_t i, char *out, size_t cap) {
    if (gripper_item_id(engine, s, i, out, cap, NULL) != GRIPPER_OK) snprintf(out, cap, "?");
}

/* A long press on pear (row 1) and a drag below fig: the gap opens, the drop commits the move. */
static void test_touch_drag(void) {
    gripper_engine *engine = open_fruit(GRIPPER_MAKE_TRANSITIONS, NULL);
    gripper_status st;
    CHECK(engine != NULL, "open");
    if (!engine) return;
    int64_t t = 10 * S;
    OK(gripper_touch(engine, t, GRIPPER_TOUCH_BEGIN, 7, 200, 84));
    int64_t deadline = 0;
    int has = 0;
    OK(gripper_next_deadline(engine, &deadline, &has));
    CHECK(has == 1 && deadline > t && deadline <= t + S, "a long-press deadline within a second (has %d, %lld)", has,
          (long long)(deadline - t));
    OK(gripper_fire(engine, t + 600000));
    CHECK(strcmp(gripper_state(engine), "dragging") == 0, "state %s", gripper_state(engine));
    for (int k = 1; k <= 10; k++) OK(gripper_touch(engine, t + 600000 + k * 16000, GRIPPER_TOUCH_UPDATE, 7, 200, 84 + k * 12.1));
    OK(gripper_touch(engine, t + 800000, GRIPPER_TOUCH_END, 7, 200, 205));
    take(engine);
    CHECK(strstr(lines, "committed #1 move pear [0,1] -> [0,3]") != NULL, "lines:\n%s", lines);
    char id[32];
    item(engine, 0, 3, id, sizeof id);
    CHECK(strcmp(id, "pear") == 0, "item [0,3] is %s", id);
    size_t n = 0;
    OK(gripper_journal_count(engine, &n));
    CHECK(n == 1, "journal %zu", n);
    /* The drop made transitions to animate. */
    size_t count = 0;
    OK(gripper_take_transitions(engine, &count));
    CHECK(count >= 1, "transitions %zu", count);
    if (count >= 1) {
        gripper_transition tr;
        OK(gripper_transition_at(engine, count - 1, &tr));
        CHECK(tr.duration_us > 0 && tr.cause != NULL, "duration %lld", (long long)tr.duration_us);
        gripper_change changes[64];
        size_t c = 0;
        st = gripper_transition_changes(engine, count - 1, changes, 64, &c);
        CHECK(st == GRIPPER_OK && c <= 64, "%s", gripper_status_name(st));
        st = gripper_transition_changes(engine, count, changes, 64, &c);
        CHECK(st == GRIPPER_ERROR_INVALID, "past the end: %s", gripper_status_name(st));
    }
    gripper_engine_close(engine);
}

/* Transitions start on the caller's clock and name the items as they were. */
static void test_transition_identities(void) {
    gripper_engine *engine = open_fruit(GRIPPER_MAKE_TRANSITIONS, NULL);
    gripper_status st;
    if (!engine) return;
    int64_t t = 5000 * S;
    OK(gripper_pointer_motion(engine, t, 10, 10));
    size_t count = 0;
    OK(gripper_take_transitions(engine, &count));
    gripper_batch_op del = {GRIPPER_BATCH_DELETE_ITEM, 0, 1, 0, 0, 0, NULL};
    OK(gripper_apply_batch(engine, t + 100000, &del, 1));
    OK(gripper_take_transitions(engine, &count));
    CHECK(count == 1, "one transition: %zu", count);
    if (count == 1) {
        gripper_transition tr;
        OK(gripper_transition_at(engine, 0, &tr));
        CHECK(tr.start_us == t + 100000, "start %lld", (long long)tr.start_us);
        const char *cause = tr.cause;
        gripper_change changes[16];
        size_t n = 0;
        OK(gripper_transition_changes(engine, 0, changes, 16, &n));
        CHECK(strcmp(cause, "appChanged") == 0, "cause %s, still readable after the changes", cause);
        int gone = 0, moved = 0;
        for (size_t k = 0; k < n; k++) {
            const gripper_change *c = &changes[k];
            if (c->initial.kind != GRIPPER_ELEMENT_CELL) continue;
            if (c->role == 1) gone += c->initial.id && strcmp(c->initial.id, "pear") == 0;
            if (c->role == 2 && c->initial.id && c->final.id) moved += strcmp(c->initial.id, c->final.id) == 0;
        }
        CHECK(gone == 1, "pear disappears (%d)", gone);
        CHECK(moved >= 2, "plum and fig move up under their own names (%d)", moved);
    }
    gripper_engine_close(engine);
}

/* A fast swipe to the left across apple: the default full-swipe delete. */
static void test_swipe_delete(void) {
    gripper_engine *engine = open_fruit(0, NULL);
    gripper_status st;
    if (!engine) return;
    int64_t t = 5 * S;
    OK(gripper_touch(engine, t, GRIPPER_TOUCH_BEGIN, 1, 380, 28));
    for (int k = 1; k <= 8; k++) OK(gripper_touch(engine, t + k * 10000, GRIPPER_TOUCH_UPDATE, 1, 380 - k * 45, 28));
    OK(gripper_touch(engine, t + 90000, GRIPPER_TOUCH_END, 1, 20, 28));
    OK(gripper_fire(engine, t + 2 * S));
    take(engine);
    size_t n = 0;
    OK(gripper_item_count(engine, 0, &n));
    CHECK(n == 3, "fruit has %zu items after a full swipe; lines:\n%s", n, lines);
    CHECK(strstr(lines, "apple") != NULL, "lines:\n%s", lines);
    gripper_engine_close(engine);
}

/* A menu for pear: a long press opens it below the cell, a tap on an entry performs it. */
static size_t pear_menu(void *user, const char *item, size_t section, size_t index, gripper_action *out,
                        size_t capacity) {
    (void)user, (void)section, (void)index;
    if (strcmp(item, "pear") != 0 || capacity < 2) return 0;
    out[0] = (gripper_action){"copy", "Copy", 0, 0};
    out[1] = (gripper_action){"share", "Share", 0, 0};
    return 2;
}

static int performed_share;

static int note_perform(void *user, const char *action, const char *item, size_t section, size_t index) {
    (void)user, (void)section, (void)index;
    if (strcmp(action, "share") == 0 && strcmp(item, "pear") == 0) performed_share++;
    return 0;
}

static void test_menu(void) {
    gripper_delegate delegate = {0};
    delegate.struct_size = sizeof delegate;
    delegate.menu_actions = pear_menu;
    delegate.perform_action = note_perform;
    gripper_engine *engine = open_fruit(0, &delegate);
    gripper_status st;
    if (!engine) return;
    int64_t t = S;
    /* Pear is row 1 (56…112): held 600 ms, its menu opens; the finger lifts and it stays. */
    OK(gripper_touch(engine, t, GRIPPER_TOUCH_BEGIN, 1, 200, 84));
    OK(gripper_fire(engine, t + 600000));
    OK(gripper_touch(engine, t + 700000, GRIPPER_TOUCH_END, 1, 200, 84));
    gripper_attributes a[64];
    size_t n = 0;
    OK(gripper_attributes_in_rect(engine, 0, 0, 400, 600, a, 64, &n));
    int panels = 0, entries = 0;
    double share_y = -1;
    for (size_t k = 0; k < n; k++) {
        if (a[k].kind == GRIPPER_ELEMENT_MENU) panels++;
        if (a[k].kind == GRIPPER_ELEMENT_MENU_ENTRY) {
            entries++;
            CHECK(a[k].id && strcmp(a[k].id, "pear") == 0, "entry of %s", a[k].id ? a[k].id : "NULL");
            if (a[k].action_id && strcmp(a[k].action_id, "share") == 0) {
                CHECK(a[k].action_index == 1 && strcmp(a[k].action_title, "Share") == 0, "share at %d", a[k].action_index);
                share_y = a[k].y + a[k].height / 2;
            }
        }
    }
    CHECK(panels == 1 && entries == 2, "%d panels, %d entries", panels, entries);
    /* A tap on Share performs it: journaled, nothing deleted. */
    OK(gripper_touch(engine, t + S, GRIPPER_TOUCH_BEGIN, 2, 100, share_y));
    OK(gripper_touch(engine, t + S + 60000, GRIPPER_TOUCH_END, 2, 100, share_y));
    OK(gripper_fire(engine, t + 2 * S));
    take(engine);
    CHECK(performed_share == 1, "share performed %d times; lines:\n%s", performed_share, lines);
    CHECK(strstr(lines, "menuOpened pear copy share") != NULL, "lines:\n%s", lines);
    CHECK(strstr(lines, "committed #1 action share on pear") != NULL, "lines:\n%s", lines);
    gripper_engine_close(engine);
    /* A delegate of 0.1.0's size (before menu_actions) still opens, with no menu: a long press drags. */
    gripper_delegate old = {0};
    old.struct_size = (uint32_t)offsetof(gripper_delegate, menu_actions);
    engine = open_fruit(0, &old);
    CHECK(engine != NULL, "an engine with 0.1.0's delegate");
    if (!engine) return;
    OK(gripper_touch(engine, t, GRIPPER_TOUCH_BEGIN, 1, 200, 84));
    OK(gripper_fire(engine, t + 600000));
    take(engine);
    CHECK(strstr(lines, "dragBegan pear") != NULL, "lines:\n%s", lines);
    gripper_engine_close(engine);
}

/* A mouse drag with the pointer: press, hold, move, release. */
static void test_pointer_drag(void) {
    gripper_engine *engine = open_fruit(0, NULL);
    gripper_status st;
    if (!engine) return;
    int64_t t = S;
    OK(gripper_pointer_motion(engine, t, 100, 28));
    OK(gripper_pointer_button(engine, t + 1000, 100, 28, 1, 1));
    OK(gripper_fire(engine, t + 700000));
    for (int k = 1; k <= 8; k++) OK(gripper_pointer_motion(engine, t + 700000 + k * 16000, 100, 28 + k * 15));
    OK(gripper_pointer_button(engine, t + 900000, 100, 148, 1, 0));
    take(engine);
    CHECK(strstr(lines, "committed #1 move apple") != NULL, "lines:\n%s", lines);
    OK(gripper_scroll(engine, t + S, 100, 100, 0, 1));
    OK(gripper_finish(engine));
    take(engine);
    CHECK(strstr(lines, "final fruit:") != NULL, "final line; lines:\n%s", lines);
    st = gripper_touch(engine, t + 2 * S, GRIPPER_TOUCH_BEGIN, 1, 1, 1);
    CHECK(st == GRIPPER_ERROR_FINISHED, "after finish: %s", gripper_status_name(st));
    gripper_engine_close(engine);
}

static void test_bad_input(void) {
    gripper_status st;
    gripper_engine *engine = NULL;
    /* NULL everywhere. */
    CHECK(gripper_touch(NULL, 0, 0, 0, 0, 0) == GRIPPER_ERROR_NULL, "NULL engine");
    CHECK(gripper_fire(NULL, 0) == GRIPPER_ERROR_NULL, "NULL engine");
    CHECK(strcmp(gripper_engine_last_error(NULL), "no engine") == 0, "last_error(NULL)");
    CHECK(strcmp(gripper_state(NULL), "") == 0, "state(NULL)");
    CHECK(gripper_callback_errors(NULL) == 0, "callback_errors(NULL)");
    gripper_engine_close(NULL);
    gripper_config_init(NULL);
    CHECK(strcmp(gripper_status_name(999), "unknown status") == 0, "status name");
    CHECK(gripper_curve_value(99, 0.5) == 0 && gripper_curve_value(GRIPPER_CURVE_LINEAR, 2) == 1, "curves");
    gripper_config config;
    gripper_config_init(&config);
    char message[128];
    CHECK(gripper_engine_open_arrays(NULL, NULL, 0, NULL, &engine, message, sizeof message) == GRIPPER_ERROR_NULL,
          "NULL config");
    CHECK(engine == NULL, "no engine on failure");
    CHECK(gripper_engine_open_arrays(&config, NULL, 0, NULL, NULL, NULL, 0) == GRIPPER_ERROR_NULL, "NULL out");
    /* A struct of another size. */
    config.struct_size = 8;
    st = gripper_engine_open_arrays(&config, NULL, 0, NULL, &engine, message, sizeof message);
    CHECK(st == GRIPPER_ERROR_STRUCT_SIZE && strstr(message, "struct_size") != NULL, "%s: %s", gripper_status_name(st), message);
    gripper_config_init(&config);
    config.viewport_width = NAN;
    st = gripper_engine_open_arrays(&config, NULL, 0, NULL, &engine, message, sizeof message);
    CHECK(st == GRIPPER_ERROR_INVALID, "NaN viewport: %s", gripper_status_name(st));
    gripper_config_init(&config);
    config.columns = 0;
    CHECK(gripper_engine_open_arrays(&config, NULL, 0, NULL, &engine, message, sizeof message) == GRIPPER_ERROR_INVALID,
          "0 columns");
    gripper_config_init(&config);
    config.flags = 1u << 30;
    CHECK(gripper_engine_open_arrays(&config, NULL, 0, NULL, &engine, message, sizeof message) == GRIPPER_ERROR_INVALID,
          "unknown flag");
    /* Data that contradicts itself, or is not text. */
    gripper_config_init(&config);
    const char *twice[] = {"a", "a"};
    gripper_section_data dup[] = {{"s", twice, 2, NULL}};
    st = gripper_engine_open_arrays(&config, dup, 1, NULL, &engine, message, sizeof message);
    CHECK(st == GRIPPER_ERROR_DATA_SOURCE, "a repeated id: %s: %s", gripper_status_name(st), message);
    const char *bad[] = {"ok", "\xff\xfe"};
    gripper_section_data notutf8[] = {{"s", bad, 2, NULL}};
    st = gripper_engine_open_arrays(&config, notutf8, 1, NULL, &engine, message, sizeof message);
    CHECK(st == GRIPPER_ERROR_UTF8 && strstr(message, "item_ids[1]") != NULL, "%s: %s", gripper_status_name(st), message);
    const char *nul[] = {"ok", NULL};
    gripper_section_data nulls[] = {{"s", nul, 2, NULL}};
    CHECK(gripper_engine_open_arrays(&config, nulls, 1, NULL, &engine, message, sizeof message) == GRIPPER_ERROR_DATA_SOURCE,
          "a NULL id");
    double heights[] = {40, -1};
    const char *two[] = {"x", "y"};
    gripper_section_data negative[] = {{"s", two, 2, heights}};
    CHECK(gripper_engine_open_arrays(&config, negative, 1, NULL, &engine, message, sizeof message) == GRIPPER_ERROR_DATA_SOURCE,
          "a negative height");
    /* A message buffer of one byte gets a NUL only. */
    message[0] = 'x';
    gripper_engine_open_arrays(&config, dup, 1, NULL, &engine, message, 1);
    CHECK(message[0] == 0, "truncated message");

    engine = open_fruit(0, NULL);
    if (!engine) return;
    CHECK(gripper_touch(engine, 100, GRIPPER_TOUCH_BEGIN, 1, NAN, 1) == GRIPPER_ERROR_INVALID, "NaN x");
    CHECK(gripper_touch(engine, 100, GRIPPER_TOUCH_BEGIN, 1, 1, INFINITY) == GRIPPER_ERROR_INVALID, "infinite y");
    CHECK(gripper_touch(engine, 100, 9, 1, 1, 1) == GRIPPER_ERROR_INVALID, "unknown phase");
    CHECK(gripper_touch(engine, -5, GRIPPER_TOUCH_BEGIN, 1, 1, 1) == GRIPPER_ERROR_INVALID, "negative time");
    CHECK(gripper_touch(engine, INT64_MAX, GRIPPER_TOUCH_BEGIN, 1, 1, 1) == GRIPPER_ERROR_INVALID, "time at the edge of Int64");
    CHECK(gripper_pointer_button(engine, 100, 1, 1, 7, 1) == GRIPPER_ERROR_INVALID, "button 7");
    CHECK(gripper_key(engine, 100, 5000, GRIPPER_KEY_PRESSED) == GRIPPER_ERROR_INVALID, "key 5000");
    CHECK(gripper_key(engine, 100, 30, 7) == GRIPPER_ERROR_INVALID, "key state 7");
    CHECK(gripper_scroll(engine, 100, 1, 1, 0, 1e300) == GRIPPER_ERROR_INVALID, "a huge scroll");
    CHECK(gripper_run_command(engine, 100, 77) == GRIPPER_ERROR_INVALID, "command 77");
    CHECK(gripper_touch(engine, 2 * S, GRIPPER_TOUCH_UPDATE, 42, 1, 1) == GRIPPER_OK, "an unknown sequence does nothing");
    st = gripper_touch(engine, S, GRIPPER_TOUCH_BEGIN, 1, 1, 1);
    CHECK(st == GRIPPER_ERROR_TIME_ORDER && strstr(gripper_engine_last_error(engine), "comes before") != NULL,
          "out of order: %s", gripper_status_name(st));
    /* Buffers. */
    gripper_attributes one[1];
    size_t count = 0;
    st = gripper_attributes_in_rect(engine, 0, 0, 400, 600, one, 1, &count);
    CHECK(st == GRIPPER_ERROR_BUFFER && count > 1, "%s, %zu", gripper_status_name(st), count);
    gripper_attributes *all = calloc(count, sizeof *all);
    OK(gripper_attributes_in_rect(engine, 0, 0, 400, 600, all, count, &count));
    int cells = 0;
    for (size_t k = 0; k < count; k++) {
        if (all[k].kind == GRIPPER_ELEMENT_CELL) {
            cells++;
            CHECK(all[k].id != NULL && all[k].height == 56, "cell %zu", k);
        }
    }
    CHECK(cells == 6, "%d cells", cells);
    free(all);
    CHECK(gripper_attributes_in_rect(engine, 0, 0, -1, 5, one, 1, &count) == GRIPPER_ERROR_INVALID, "negative rect");
    CHECK(gripper_attributes_in_rect(engine, NAN, 0, 1, 5, one, 1, &count) == GRIPPER_ERROR_INVALID, "NaN rect");
    char tiny[4];
    size_t length = 0;
    OK(gripper_run_command(engine, 3 * S, GRIPPER_COMMAND_EDIT_ON));
    st = gripper_take_lines(engine, tiny, sizeof tiny, &length);
    CHECK(st == GRIPPER_ERROR_BUFFER && length > 4, "%s %zu", gripper_status_name(st), length);
    char *big = malloc(length + 1);
    OK(gripper_take_lines(engine, big, length + 1, &length));
    CHECK(strstr(big, "setEditing true") != NULL, "lines kept after BUFFER:\n%s", big);
    free(big);
    st = gripper_item_id(engine, 0, 0, tiny, 2, &length);
    CHECK(st == GRIPPER_ERROR_BUFFER && length == 5, "item id into 2 bytes: %s %zu", gripper_status_name(st), length);
    CHECK(gripper_item_id(engine, 9, 0, tiny, 4, &length) == GRIPPER_ERROR_INVALID, "no section 9");
    CHECK(gripper_item_count(engine, 9, &count) == GRIPPER_ERROR_INVALID, "no section 9");
    CHECK(gripper_take_announcement(engine, tiny, sizeof tiny, &length) == GRIPPER_ERROR_NOT_FOUND, "no announcement");
    /* Batches: all or nothing. */
    gripper_batch_op ops[2] = {{GRIPPER_BATCH_DELETE_ITEM, 0, 0, 0, 0, 0, NULL}, {GRIPPER_BATCH_DELETE_ITEM, 0, 9, 0, 0, 0, NULL}};
    st = gripper_apply_batch(engine, 4 * S, ops, 2);
    CHECK(st == GRIPPER_ERROR_BATCH && strstr(gripper_engine_last_error(engine), "[0, 9]") != NULL, "%s: %s",
          gripper_status_name(st), gripper_engine_last_error(engine));
    OK(gripper_item_count(engine, 0, &count));
    CHECK(count == 4, "nothing deleted: %zu", count);
    gripper_batch_op insert = {GRIPPER_BATCH_INSERT_ITEM, 1, 0, 0, 0, 0, "\xc3\x28"};
    CHECK(gripper_apply_batch(engine, 4 * S, &insert, 1) == GRIPPER_ERROR_UTF8, "a non-UTF-8 id");
    insert.id = "kiwi";
    OK(gripper_apply_batch(engine, 4 * S, &insert, 1));
    char id[16];
    item(engine, 1, 0, id, sizeof id);
    CHECK(strcmp(id, "kiwi") == 0, "inserted %s", id);
    gripper_batch_op weird = {99, 0, 0, 0, 0, 0, NULL};
    CHECK(gripper_apply_batch(engine, 4 * S, &weird, 1) == GRIPPER_ERROR_INVALID, "unknown kind");
    CHECK(gripper_resize(engine, 5 * S, 0, 10) == GRIPPER_ERROR_INVALID, "zero width");
    OK(gripper_resize(engine, 5 * S, 300, 500));
    CHECK(gripper_set_focus(engine, 5 * S, -2, 0) == GRIPPER_ERROR_INVALID, "focus -2");
    OK(gripper_set_focus(engine, 5 * S, 0, 1));
    OK(gripper_key(engine, 5 * S, 108 /* KEY_DOWN */, GRIPPER_KEY_PRESSED));
    OK(gripper_key(engine, 5 * S, 108, GRIPPER_KEY_RELEASED));
    OK(gripper_scroll_to(engine, 6 * S, 10, 1));
    CHECK(gripper_scroll_to(engine, 6 * S, NAN, 0) == GRIPPER_ERROR_INVALID, "NaN offset");
    OK(gripper_cancel(engine, 7 * S));
    gripper_engine_close(engine);
}

/* Callbacks: answers out of range become the safe answer; a call back in is refused. */
struct rules {
    gripper_engine *engine;
    int reentrant_status;
    int asked;
};

static size_t too_many(void *user, const char *item, size_t section, size_t index, int edge, gripper_action *out,
                       size_t capacity) {
    (void)item, (void)section, (void)index, (void)edge, (void)out;
    ((struct rules *)user)->asked++;
    return capacity + 1;
}

static int sneaky_can_move(void *user, const char *item, size_t section, size_t index) {
    (void)item, (void)section, (void)index;
    struct rules *r = user;
    r->reentrant_status = gripper_pointer_motion(r->engine, 99 * S, 1, 1);
    return 1;
}

static int bad_target(void *user, const char *item, size_t section, size_t index, size_t *to_section, size_t *to_index) {
    (void)user, (void)item, (void)section, (void)index, (void)to_section, (void)to_index;
    return 42;
}

static void test_callbacks(void) {
    struct rules rules = {NULL, -1, 0};
    gripper_delegate delegate = {0};
    delegate.struct_size = sizeof delegate;
    delegate.user = &rules;
    delegate.swipe_actions = too_many;
    delegate.can_move = sneaky_can_move;
    delegate.target_for_move = bad_target;
    gripper_engine *engine = open_fruit(0, &delegate);
    gripper_status st;
    if (!engine) return;
    rules.engine = engine;
    int64_t t = S;
    /* A swipe asks for actions: too many is taken as none. */
    OK(gripper_touch(engine, t, GRIPPER_TOUCH_BEGIN, 1, 380, 28));
    for (int k = 1; k <= 6; k++) OK(gripper_touch(engine, t + k * 10000, GRIPPER_TOUCH_UPDATE, 1, 380 - k * 30, 28));
    OK(gripper_touch(engine, t + 70000, GRIPPER_TOUCH_END, 1, 200, 28));
    CHECK(rules.asked > 0, "swipe_actions asked");
    CHECK(gripper_callback_errors(engine) >= 1, "errors %llu", (unsigned long long)gripper_callback_errors(engine));
    CHECK(strstr(gripper_engine_last_error(engine), "swipe_actions") != NULL, "%s", gripper_engine_last_error(engine));
    /* A long press asks can_move, which calls back in. */
    t = 3 * S;
    OK(gripper_touch(engine, t, GRIPPER_TOUCH_BEGIN, 2, 200, 84));
    OK(gripper_fire(engine, t + 700000));
    CHECK(rules.reentrant_status == GRIPPER_ERROR_REENTRANT, "the call back in: %d", rules.reentrant_status);
    for (int k = 1; k <= 6; k++) OK(gripper_touch(engine, t + 700000 + k * 16000, GRIPPER_TOUCH_UPDATE, 2, 200, 84 + k * 20));
    OK(gripper_touch(engine, t + 900000, GRIPPER_TOUCH_END, 2, 200, 204));
    uint64_t errors = gripper_callback_errors(engine);
    CHECK(errors >= 2, "an unknown answer of target_for_move is counted: %llu", (unsigned long long)errors);
    size_t n = 0;
    OK(gripper_journal_count(engine, &n));
    CHECK(n == 0, "vetoed everywhere: %zu entries", n);
    /* A delegate struct of another size is refused. */
    delegate.struct_size = 3;
    gripper_config config;
    gripper_config_init(&config);
    gripper_engine *other = NULL;
    CHECK(gripper_engine_open_arrays(&config, NULL, 0, &delegate, &other, NULL, 0) == GRIPPER_ERROR_STRUCT_SIZE, "delegate size");
    gripper_engine_close(engine);
}

/* A data source given by callbacks. */
static size_t ds_sections(void *user) { (void)user; return 2; }
static const char *ds_section_id(void *user, size_t s) { (void)user; return s == 0 ? "a" : "b"; }
static size_t ds_items(void *user, size_t s) { (void)user; return s == 0 ? 1000 : 3; }
static const char *ds_item_id(void *user, size_t s, size_t i) {
    static char buf[32];
    (void)user;
    snprintf(buf, sizeof buf, "%c%zu", s == 0 ? 'a' : 'b', i);
    return buf;
}
static size_t ds_too_many(void *user) { (void)user; return (size_t)-1; }

/* Every cell's and header's identity in the attributes is the model's own at its index path (asked with
 * gripper_item_id and gripper_section_id), and every item is drawn once: the identities the engine keeps
 * as C strings beside the model follow each edit. `what` names the step on failure. The ids are copied
 * before the engine is asked again (they are valid until its next call). */
static void check_ids(gripper_engine *engine, const char *what) {
    static gripper_attributes all[4096];
    static char given[4096][64];
    size_t count = 0, sections = 0, items = 0, n = 0;
    gripper_status st = gripper_attributes_in_rect(engine, 0, -1e6, 400, 2e6, all, 4096, &count);
    CHECK(st == GRIPPER_OK, "%s: attributes: %s", what, gripper_status_name(st));
    if (st != GRIPPER_OK) return;
    for (size_t k = 0; k < count; k++) snprintf(given[k], sizeof given[k], "%s", all[k].id ? all[k].id : "(null)");
    if (gripper_section_count(engine, &sections) != GRIPPER_OK) return;
    for (size_t s = 0; s < sections; s++) {
        if (gripper_item_count(engine, s, &n) == GRIPPER_OK) items += n;
    }
    size_t cells = 0, wrong = 0;
    char id[64];
    for (size_t k = 0; k < count; k++) {
        const gripper_attributes *a = &all[k];
        if (a->kind == GRIPPER_ELEMENT_CELL) {
            cells++;
            if (gripper_item_id(engine, (size_t)a->section, (size_t)a->item, id, sizeof id, NULL) != GRIPPER_OK) snprintf(id, sizeof id, "?");
        } else if (a->kind == GRIPPER_ELEMENT_HEADER) {
            if (gripper_section_id(engine, (size_t)a->section, id, sizeof id, NULL) != GRIPPER_OK) snprintf(id, sizeof id, "?");
        } else {
            continue;
        }
        if (strcmp(given[k], id) != 0) {
            if (wrong++ == 0) {
                CHECK(0, "%s: element %zu at [%d,%d] is \"%s\", the model says \"%s\"", what, k, a->section, a->item,
                      given[k], id);
            }
        }
    }
    CHECK(wrong == 0 && cells == items, "%s: %zu cells for %zu items, %zu identities wrong", what, cells, items, wrong);
}

/* The identities handed out follow the user's edits (a drag, a full swipe, undo and redo, keyboard moves) and
 * the app's batches (items and sections in and out), and seeded random batches and moves after them; a rejected
 * batch changes none. */
static void test_identities_follow_edits(void) {
    static const char *fruit[] = {"apple", "pear", "plum", "fig"};
    static const char *veg[] = {"leek", "kale"};
    gripper_section_data data[] = {{"fruit", fruit, 4, NULL}, {"veg", veg, 2, NULL}};
    gripper_config config;
    gripper_config_init(&config);
    config.viewport_width = 400;
    config.viewport_height = 600;
    config.header_height = 20;
    gripper_engine *engine = NULL;
    gripper_status st;
    OK(gripper_engine_open_arrays(&config, data, 2, NULL, &engine, NULL, 0));
    if (!engine) return;
    check_ids(engine, "at open");
    int64_t t = 10 * S;
    /* A long press on pear (its row is 76 to 132) and a drag below fig. */
    OK(gripper_touch(engine, t, GRIPPER_TOUCH_BEGIN, 1, 200, 104));
    OK(gripper_fire(engine, t + 600000));
    for (int k = 1; k <= 10; k++) OK(gripper_touch(engine, t + 600000 + k * 16000, GRIPPER_TOUCH_UPDATE, 1, 200, 104 + k * 12.1));
    OK(gripper_touch(engine, t + 800000, GRIPPER_TOUCH_END, 1, 200, 225));
    char id[32];
    item(engine, 0, 3, id, sizeof id);
    CHECK(strcmp(id, "pear") == 0, "the drag moved pear to [0,3]: %s", id);
    check_ids(engine, "after a drag");
    /* A full swipe deletes apple; undo brings it back (a string of its own now), redo takes it again. */
    t += 2 * S;
    OK(gripper_touch(engine, t, GRIPPER_TOUCH_BEGIN, 2, 380, 48));
    for (int k = 1; k <= 8; k++) OK(gripper_touch(engine, t + k * 10000, GRIPPER_TOUCH_UPDATE, 2, 380 - k * 45, 48));
    OK(gripper_touch(engine, t + 90000, GRIPPER_TOUCH_END, 2, 20, 48));
    OK(gripper_fire(engine, t + 2 * S));
    size_t n = 0;
    OK(gripper_item_count(engine, 0, &n));
    CHECK(n == 3, "the swipe deleted apple: %zu items", n);
    check_ids(engine, "after a swipe delete");
    t += 3 * S;
    OK(gripper_run_command(engine, t, GRIPPER_COMMAND_UNDO));
    check_ids(engine, "after undo");
    OK(gripper_run_command(engine, t + 1000, GRIPPER_COMMAND_UNDO));
    check_ids(engine, "after a second undo");
    OK(gripper_run_command(engine, t + 2000, GRIPPER_COMMAND_REDO));
    check_ids(engine, "after redo");
    /* The app's batch: an item in, one moved across sections, one out, a section in with a reload beside it. */
    gripper_batch_op ops[] = {
        {GRIPPER_BATCH_INSERT_ITEM, 1, 0, 0, 0, 0, "kiwi"},
        {GRIPPER_BATCH_MOVE_ITEM, 0, 0, 1, 2, 0, NULL},
        {GRIPPER_BATCH_DELETE_ITEM, 1, 1, 0, 0, 0, NULL},
        {GRIPPER_BATCH_INSERT_SECTION, 2, 0, 0, 0, 0, "nuts"},
        {GRIPPER_BATCH_RELOAD_ITEM, 0, 1, 0, 0, 0, NULL},
    };
    OK(gripper_apply_batch(engine, t + 3000, ops, 5));
    check_ids(engine, "after the app's batch");
    gripper_batch_op section_out = {GRIPPER_BATCH_DELETE_SECTION, 0, 0, 0, 0, 0, NULL};
    OK(gripper_apply_batch(engine, t + 4000, &section_out, 1));
    check_ids(engine, "after a section delete");
    /* A section moved to the end with its items, another reloaded in place (0.2). */
    size_t before_move = 0;
    OK(gripper_section_count(engine, &before_move));
    if (before_move >= 2) {
        gripper_batch_op move_reload[] = {
            {GRIPPER_BATCH_MOVE_SECTION, 0, 0, (int32_t)before_move - 1, 0, 0, NULL},
            {GRIPPER_BATCH_RELOAD_SECTION, 1, 0, 0, 0, 0, NULL},
        };
        OK(gripper_apply_batch(engine, t + 5000, move_reload, 2));
        check_ids(engine, "after a section move and a reload");
        gripper_batch_op twice[] = {
            {GRIPPER_BATCH_MOVE_SECTION, 0, 0, 1, 0, 0, NULL},
            {GRIPPER_BATCH_RELOAD_SECTION, 0, 0, 0, 0, 0, NULL},
        };
        st = gripper_apply_batch(engine, t + 6000, twice, 2);
        CHECK(st == GRIPPER_ERROR_BATCH, "a section both moved and reloaded: %s", gripper_status_name(st));
        gripper_batch_op negative = {GRIPPER_BATCH_MOVE_SECTION, 0, 0, -1, 0, 0, NULL};
        st = gripper_apply_batch(engine, t + 6000, &negative, 1);
        CHECK(st == GRIPPER_ERROR_BATCH, "a move to section -1: %s", gripper_status_name(st));
        check_ids(engine, "after refused section moves");
    }
    /* Seeded random batches (some rejected), keyboard moves, undo and redo. */
    unsigned seed = 34, state = seed;
    int fresh = 0;
    t += S;
    char names[64][16];
    for (int step = 0; step < 300; step++) {
        state = state * 1103515245u + 12345u;
        unsigned r = (state >> 16) % 10;
        size_t sections = 0;
        OK(gripper_section_count(engine, &sections));
        t += 1000;
        if (r < 6) {
            gripper_batch_op batch[3];
            int count = 1 + (int)((state >> 8) % 3);
            for (int k = 0; k < count; k++) {
                state = state * 1103515245u + 12345u;
                gripper_batch_op *op = &batch[k];
                memset(op, 0, sizeof *op);
                op->kind = (state >> 16) % 8;
                op->section = (int32_t)((state >> 4) % (sections + 1));
                size_t items = 0;
                if (gripper_item_count(engine, (size_t)op->section, &items) != GRIPPER_OK) items = 0;
                op->item = (int32_t)((state >> 20) % (items + 1));
                op->to_section = (int32_t)((state >> 12) % (sections + 1));
                op->to_item = (int32_t)((state >> 24) % 4);
                snprintf(names[(fresh) % 64], sizeof names[0], "%s%d", op->kind == GRIPPER_BATCH_INSERT_SECTION ? "S" : "n", fresh);
                op->id = names[fresh % 64];
                fresh++;
            }
            st = gripper_apply_batch(engine, t, batch, (size_t)count);
            CHECK(st == GRIPPER_OK || st == GRIPPER_ERROR_BATCH, "seed %u step %d: %s", seed, step, gripper_status_name(st));
        } else if (r < 8) {
            size_t items = 0;
            int32_t s = (int32_t)((state >> 4) % (sections ? sections : 1));
            if (gripper_item_count(engine, (size_t)s, &items) != GRIPPER_OK) items = 0;
            OK(gripper_set_focus(engine, t, s, (int32_t)((state >> 20) % (items + 1))));
            OK(gripper_run_command(engine, t + 1, GRIPPER_COMMAND_MOVE_UP + (int)((state >> 8) % 4)));
        } else {
            OK(gripper_run_command(engine, t, r == 8 ? GRIPPER_COMMAND_UNDO : GRIPPER_COMMAND_REDO));
        }
        char what[64];
        snprintf(what, sizeof what, "seed %u step %d", seed, step);
        check_ids(engine, what);
    }
    gripper_engine_close(engine);
}

static void test_data_source(void) {
    gripper_data_source source = {sizeof source, NULL, ds_sections, ds_section_id, ds_items, ds_item_id, NULL};
    gripper_config config;
    gripper_config_init(&config);
    gripper_engine *engine = NULL;
    gripper_status st;
    OK(gripper_engine_open(&config, &source, NULL, &engine, NULL, 0));
    size_t n = 0;
    if (engine) {
        OK(gripper_item_count(engine, 0, &n));
        CHECK(n == 1000, "%zu", n);
        char id[16];
        item(engine, 0, 999, id, sizeof id);
        CHECK(strcmp(id, "a999") == 0, "%s", id);
        double w = 0, h = 0;
        OK(gripper_content_size(engine, &w, &h));
        CHECK(h == 1003 * 56, "content height %g", h);
        gripper_engine_close(engine);
    }
    source.section_count = ds_too_many;
    CHECK(gripper_engine_open(&config, &source, NULL, &engine, NULL, 0) == GRIPPER_ERROR_DATA_SOURCE, "SIZE_MAX sections");
    source.section_count = NULL;
    CHECK(gripper_engine_open(&config, &source, NULL, &engine, NULL, 0) == GRIPPER_ERROR_NULL, "no section_count");
    source.struct_size = 1;
    CHECK(gripper_engine_open(&config, &source, NULL, &engine, NULL, 0) == GRIPPER_ERROR_STRUCT_SIZE, "source size");
}

/* A bare panel's evdev frames. */
static void test_evdev(void) {
    gripper_engine *engine = open_fruit(0, NULL);
    gripper_status st;
    if (!engine) return;
    uint32_t codes[] = {(1u << 16) | 0x14a /* BTN_TOUCH */};
    gripper_abs_axis axes[] = {{0x00, 0, 0, 4000, 0, 0, 10}, {0x01, 0, 0, 6000, 0, 0, 10}, {0x2f, 0, 0, 9, 0, 0, 0},
                               {0x35, 0, 0, 4000, 0, 0, 10}, {0x36, 0, 0, 6000, 0, 0, 10}, {0x39, 0, 0, 65535, 0, 0, 0}};
    gripper_device_info info = {sizeof info, 1u << 1 /* INPUT_PROP_DIRECT */, "panel", codes, 1, axes, 6};
    uint32_t device = 99;
    OK(gripper_attach_device(engine, &info, &device));
    CHECK(device == 0, "device %u", device);
    int64_t t = S;
    gripper_input_event down[] = {{t, 3, 0x39, 1}, {t, 3, 0x35, 1000}, {t, 3, 0x36, 280}, {t, 1, 0x14a, 1}, {t, 0, 0, 0}};
    OK(gripper_evdev_frame(engine, device, down, 5));
    gripper_input_event up[] = {{t + 50000, 3, 0x39, -1}, {t + 50000, 1, 0x14a, 0}, {t + 50000, 0, 0, 0}};
    OK(gripper_evdev_frame(engine, device, up, 3));
    take(engine);
    CHECK(strstr(lines, "gesture tap") != NULL, "a tap; lines:\n%s", lines);
    CHECK(gripper_evdev_frame(engine, 5, up, 3) == GRIPPER_ERROR_NOT_FOUND, "no device 5");
    CHECK(gripper_evdev_frame(engine, device, up, 0) == GRIPPER_ERROR_INVALID, "count 0");
    CHECK(gripper_evdev_frame(engine, device, NULL, 3) == GRIPPER_ERROR_NULL, "NULL events");
    info.struct_size = 0;
    CHECK(gripper_attach_device(engine, &info, &device) == GRIPPER_ERROR_STRUCT_SIZE, "info size");
    OK(gripper_device_lost(engine, 0, 2 * S));
    gripper_engine_close(engine);
}

/* A bug report: what happened, saved as a replay case that `gripper test` checks (scripts/test-c). */
static int flag_or_delete(void *user, const char *item, size_t section, size_t index) {
    (void)user, (void)section, (void)index;
    return strcmp(item, "fig") != 0;
}

static size_t two_actions(void *user, const char *item, size_t section, size_t index, int edge, gripper_action *out,
                          size_t capacity) {
    (void)user, (void)item, (void)section, (void)index;
    if (edge != GRIPPER_EDGE_TRAILING || capacity < 2) return 0;
    out[0] = (gripper_action){"flag", "Flag", 0, 0};
    out[1] = (gripper_action){"delete", "Delete", 1, 1};
    return 2;
}

static const char *shout(void *user, const char *item) {
    static char buf[64];
    (void)user;
    snprintf(buf, sizeof buf, "the %s", item);
    return buf;
}

static void test_replay_case(const char *folder) {
    gripper_delegate delegate = {0};
    delegate.struct_size = sizeof delegate;
    delegate.can_move = flag_or_delete;
    delegate.swipe_actions = two_actions;
    delegate.accessibility_label = shout;
    gripper_engine *engine = open_fruit(GRIPPER_RECORD_INPUT | GRIPPER_ANNOUNCE, &delegate);
    gripper_status st;
    if (!engine) return;
    int64_t t = 1000 * S;
    OK(gripper_run_command(engine, t, GRIPPER_COMMAND_EDIT_ON));
    OK(gripper_run_command(engine, t + 100000, GRIPPER_COMMAND_EDIT_OFF));
    /* A drag of pear below plum, then a swipe that flags apple open, a batch, a key. */
    OK(gripper_touch(engine, t + S, GRIPPER_TOUCH_BEGIN, 3, 200, 84));
    OK(gripper_fire(engine, t + S + 600000));
    for (int k = 1; k <= 6; k++) OK(gripper_touch(engine, t + S + 600000 + k * 16000, GRIPPER_TOUCH_UPDATE, 3, 200, 84 + k * 12));
    OK(gripper_touch(engine, t + S + 800000, GRIPPER_TOUCH_END, 3, 200, 156));
    OK(gripper_touch(engine, t + 3 * S, GRIPPER_TOUCH_BEGIN, 4, 380, 28));
    for (int k = 1; k <= 4; k++) OK(gripper_touch(engine, t + 3 * S + k * 20000, GRIPPER_TOUCH_UPDATE, 4, 380 - k * 30, 28));
    OK(gripper_touch(engine, t + 3 * S + 100000, GRIPPER_TOUCH_END, 4, 260, 28));
    OK(gripper_fire(engine, t + 4 * S));
    gripper_batch_op insert = {GRIPPER_BATCH_INSERT_ITEM, 1, 1, 0, 0, 0, "okra"};
    OK(gripper_apply_batch(engine, t + 4 * S, &insert, 1));
    OK(gripper_pointer_motion(engine, t + 5 * S, 100, 300));
    OK(gripper_scroll(engine, t + 5 * S + 10000, 100, 300, 0, 2));
    OK(gripper_set_focus(engine, t + 6 * S, 0, 0));
    OK(gripper_key(engine, t + 6 * S + 10000, 57, GRIPPER_KEY_PRESSED));
    OK(gripper_key(engine, t + 6 * S + 20000, 57, GRIPPER_KEY_RELEASED));
    OK(gripper_key(engine, t + 6 * S + 30000, 108, GRIPPER_KEY_PRESSED));
    OK(gripper_key(engine, t + 6 * S + 40000, 57, GRIPPER_KEY_PRESSED));
    /* The layout changes: a grid of two columns, recorded as the scene's layout stimulus. */
    gripper_layout_change grid;
    gripper_layout_change_init(&grid);
    grid.fields = GRIPPER_LAYOUT_FIELD_COLUMNS;
    grid.columns = 2;
    OK(gripper_change_layout(engine, t + 7 * S, &grid));
    /* Measurements, recorded as the scene's measure stimuli (the grid takes the height, checks the width). */
    OK(gripper_set_measured_size(engine, t + 8 * S, 0, 1, 150, 90));
    OK(gripper_set_measured_width(engine, t + 8 * S + 10000, 1, 0, 33.5));
    char words[256];
    size_t length = 0;
    int spoken = 0;
    while (gripper_take_announcement(engine, words, sizeof words, &length) == GRIPPER_OK) spoken++;
    CHECK(spoken > 0, "announcements");
    OK(gripper_save_replay_case(engine, folder));
    CHECK(strcmp(gripper_engine_last_error(engine), "") == 0, "the replay parts from the live session: %s",
          gripper_engine_last_error(engine));
    gripper_engine_close(engine);
    /* Without GRIPPER_RECORD_INPUT there is nothing to save. */
    engine = open_fruit(0, NULL);
    if (engine) {
        CHECK(gripper_save_replay_case(engine, folder) == GRIPPER_ERROR_INVALID, "nothing recorded");
        CHECK(gripper_save_replay_case(engine, NULL) == GRIPPER_ERROR_NULL, "NULL folder");
        gripper_engine_close(engine);
    }
}

/* The layout changes while the user watches: new columns, a switch to flow; bad changes refused whole. */
static void test_layout_change(void) {
    gripper_engine *engine = open_fruit(GRIPPER_MAKE_TRANSITIONS, NULL);
    gripper_status st;
    if (!engine) return;
    size_t count = 0;
    OK(gripper_take_transitions(engine, &count));
    gripper_layout_change change;
    gripper_layout_change_init(&change);
    CHECK(change.struct_size == sizeof change && change.fields == 0, "init");
    change.fields = GRIPPER_LAYOUT_FIELD_COLUMNS | GRIPPER_LAYOUT_FIELD_ROW_HEIGHT | GRIPPER_LAYOUT_FIELD_INTER_ITEM_SPACING;
    change.columns = 2;
    change.row_height = 120;
    change.inter_item_spacing = 8;
    OK(gripper_change_layout(engine, 1 * S, &change));
    take(engine);
    CHECK(strstr(lines, "stimulus layout columns 2 rowHeight 120 interItemSpacing 8") != NULL, "the line:\n%s", lines);
    OK(gripper_take_transitions(engine, &count));
    CHECK(count == 1, "one transition: %zu", count);
    if (count == 1) {
        gripper_transition tr;
        OK(gripper_transition_at(engine, 0, &tr));
        CHECK(tr.cause != NULL && strcmp(tr.cause, "layoutChanged") == 0, "cause %s", tr.cause ? tr.cause : "NULL");
    }
    gripper_layout_change snap;
    gripper_layout_change_init(&snap);
    snap.fields = GRIPPER_LAYOUT_FIELD_SNAPPING;
    snap.snapping = GRIPPER_SNAPPING_PAGE;
    OK(gripper_change_layout(engine, 1 * S, &snap));
    snap.snapping = 9;
    CHECK(gripper_change_layout(engine, 1 * S, &snap) == GRIPPER_ERROR_INVALID, "snapping 9");
    gripper_layout_change flow;
    gripper_layout_change_init(&flow);
    flow.fields = GRIPPER_LAYOUT_FIELD_KIND;
    flow.kind = GRIPPER_LAYOUT_FLOW;
    OK(gripper_change_layout(engine, 2 * S, &flow));
    /* Refused whole: each leaves the layout as it was. */
    CHECK(gripper_change_layout(engine, 3 * S, NULL) == GRIPPER_ERROR_NULL, "NULL change");
    gripper_layout_change bad = change;
    bad.struct_size = 8;
    CHECK(gripper_change_layout(engine, 3 * S, &bad) == GRIPPER_ERROR_STRUCT_SIZE, "a wrong struct_size");
    bad = change;
    bad.fields |= 1u << 30;
    CHECK(gripper_change_layout(engine, 3 * S, &bad) == GRIPPER_ERROR_INVALID, "an unknown field bit");
    bad = change;
    bad.fields = 0;
    CHECK(gripper_change_layout(engine, 3 * S, &bad) == GRIPPER_ERROR_INVALID, "no field");
    bad = change;
    bad.columns = 0;
    CHECK(gripper_change_layout(engine, 3 * S, &bad) == GRIPPER_ERROR_INVALID, "0 columns");
    bad = flow;
    bad.kind = 7;
    CHECK(gripper_change_layout(engine, 3 * S, &bad) == GRIPPER_ERROR_INVALID, "kind 7");
    bad = change;
    bad.row_height = NAN;
    CHECK(gripper_change_layout(engine, 3 * S, &bad) == GRIPPER_ERROR_INVALID, "a NaN row height");
    bad = change;
    bad.fields = GRIPPER_LAYOUT_FIELD_KIND | GRIPPER_LAYOUT_FIELD_COLUMNS | GRIPPER_LAYOUT_FIELD_INTER_ITEM_SPACING;
    bad.kind = GRIPPER_LAYOUT_GRID;
    bad.columns = 1000;
    bad.inter_item_spacing = 1;
    st = gripper_change_layout(engine, 3 * S, &bad);
    CHECK(st == GRIPPER_ERROR_LAYOUT && strstr(gripper_engine_last_error(engine), "cannot take") != NULL,
          "1000 columns in 400 points: %s: %s", gripper_status_name(st), gripper_engine_last_error(engine));
    lines[0] = 0;
    take(engine);
    CHECK(strstr(lines, "rejected layout:") != NULL, "the transcript says why:\n%s", lines);
    /* Still the flow layout: back to a grid of one column works. */
    change.fields = GRIPPER_LAYOUT_FIELD_KIND | GRIPPER_LAYOUT_FIELD_COLUMNS;
    change.kind = GRIPPER_LAYOUT_GRID;
    change.columns = 1;
    OK(gripper_change_layout(engine, 4 * S, &change));
    gripper_engine_close(engine);
}

/* Two fingers closing over the fruit list: drawn between the list and two columns, then two columns. */
static void test_pinch(void) {
    gripper_engine *engine = open_fruit(GRIPPER_MAKE_TRANSITIONS, NULL);
    gripper_status st;
    if (!engine) return;
    gripper_layout_change two;
    gripper_layout_change_init(&two);
    two.fields = GRIPPER_LAYOUT_FIELD_COLUMNS;
    two.columns = 2;
    CHECK(gripper_set_pinch_layouts(NULL, &two, NULL) == GRIPPER_ERROR_NULL, "NULL engine");
    gripper_layout_change bad = two;
    bad.struct_size = 4;
    CHECK(gripper_set_pinch_layouts(engine, &two, &bad) == GRIPPER_ERROR_STRUCT_SIZE, "a wrong struct_size");
    bad = two;
    bad.columns = 0;
    CHECK(gripper_set_pinch_layouts(engine, &bad, NULL) == GRIPPER_ERROR_INVALID, "0 columns");
    OK(gripper_set_pinch_layouts(engine, &two, NULL));
    gripper_pinch pinch;
    gripper_pinch_init(&pinch);
    CHECK(pinch.struct_size == sizeof pinch && pinch.active == 0, "init");
    OK(gripper_get_pinch(engine, &pinch));
    CHECK(pinch.active == 0, "no pinch yet");
    CHECK(gripper_get_pinch(engine, NULL) == GRIPPER_ERROR_NULL, "NULL out");
    gripper_pinch wrong = pinch;
    wrong.struct_size = 3;
    CHECK(gripper_get_pinch(engine, &wrong) == GRIPPER_ERROR_STRUCT_SIZE, "a wrong pinch struct_size");
    size_t count = 99;
    CHECK(gripper_pinched_attributes(engine, NULL, 0, NULL) == GRIPPER_ERROR_NULL, "NULL count");
    CHECK(gripper_pinched_attributes(NULL, NULL, 0, &count) == GRIPPER_ERROR_NULL, "NULL engine");
    CHECK(gripper_get_pinch(NULL, &pinch) == GRIPPER_ERROR_NULL, "NULL engine for the pinch");
    gripper_pinch_init(NULL);
    OK(gripper_pinched_attributes(engine, NULL, 0, &count));
    CHECK(count == 0, "nothing pinched: %zu", count);
    int64_t t = 1 * S;
    OK(gripper_touch(engine, t, GRIPPER_TOUCH_BEGIN, 1, 140, 120));
    OK(gripper_touch(engine, t + 10000, GRIPPER_TOUCH_BEGIN, 2, 260, 120));
    int sawHalfway = 0;
    gripper_attributes shown[64];
    for (int k = 1; k <= 20; k++) {
        double half = 60 - k * 2.5;  /* 120 points apart down to 20 */
        OK(gripper_touch(engine, t + 10000 + k * 16000, GRIPPER_TOUCH_UPDATE, 1, 200 - half, 120));
        OK(gripper_touch(engine, t + 11000 + k * 16000, GRIPPER_TOUCH_UPDATE, 2, 200 + half, 120));
        OK(gripper_get_pinch(engine, &pinch));
        if (pinch.active && pinch.closing && pinch.progress > 0.3 && pinch.progress < 0.9) {
            sawHalfway = 1;
            OK(gripper_pinched_attributes(engine, shown, 64, &count));
            CHECK(count >= 6, "the cells between the two layouts: %zu", count);
            CHECK(gripper_pinched_attributes(engine, shown, 1, &count) == GRIPPER_ERROR_BUFFER, "a buffer of one");
        }
    }
    CHECK(sawHalfway, "the pinch went through the middle");
    OK(gripper_touch(engine, t + 400000, GRIPPER_TOUCH_END, 1, 190, 120));
    OK(gripper_touch(engine, t + 410000, GRIPPER_TOUCH_END, 2, 210, 120));
    OK(gripper_get_pinch(engine, &pinch));
    CHECK(pinch.active == 0, "over");
    take(engine);
    CHECK(strstr(lines, "layoutPinch began columns 2") != NULL && strstr(lines, "layoutPinch finished columns 2") != NULL,
          "the transcript:\n%s", lines);
    /* Two columns now: pear beside apple. */
    OK(gripper_attributes_in_rect(engine, 0, 0, 400, 600, shown, 64, &count));
    int beside = 0;
    for (size_t i = 0; i < count; i++)
        if (shown[i].kind == GRIPPER_ELEMENT_CELL && shown[i].section == 0 && shown[i].item == 1 && shown[i].x > 100) beside = 1;
    CHECK(beside, "pear in the second column");
    /* A touchpad's pinch, as GTK reports libinput's: spreading at the pointer takes the grid back to a list. */
    gripper_layout_change one;
    gripper_layout_change_init(&one);
    one.fields = GRIPPER_LAYOUT_FIELD_COLUMNS;
    one.columns = 1;
    OK(gripper_set_pinch_layouts(engine, &two, &one));
    t = 2 * S;
    CHECK(gripper_touchpad_pinch(engine, t, GRIPPER_TOUCH_BEGIN, 0, 200, 100) == GRIPPER_ERROR_INVALID, "scale 0");
    CHECK(gripper_touchpad_pinch(engine, t, GRIPPER_TOUCH_BEGIN, NAN, 200, 100) == GRIPPER_ERROR_INVALID, "scale NaN");
    CHECK(gripper_touchpad_pinch(engine, t, 9, 1, 200, 100) == GRIPPER_ERROR_INVALID, "phase 9");
    CHECK(gripper_touchpad_pinch(NULL, t, GRIPPER_TOUCH_BEGIN, 1, 200, 100) == GRIPPER_ERROR_NULL, "NULL engine");
    OK(gripper_touchpad_pinch(engine, t, GRIPPER_TOUCH_BEGIN, 1, 200, 100));
    for (int k = 1; k <= 12; k++)
        OK(gripper_touchpad_pinch(engine, t + k * 16000, GRIPPER_TOUCH_UPDATE, 1 + k * 0.1, 200, 100));
    OK(gripper_get_pinch(engine, &pinch));
    CHECK(pinch.active && !pinch.closing && pinch.progress > 0.5, "spreading, past halfway: %d %d %f", pinch.active, pinch.closing, pinch.progress);
    OK(gripper_touchpad_pinch(engine, t + 400000, GRIPPER_TOUCH_END, 2.2, 200, 100));
    lines[0] = 0;
    take(engine);
    CHECK(strstr(lines, "layoutPinch finished columns 1") != NULL, "the touchpad's pinch finished:\n%s", lines);
    OK(gripper_set_pinch_layouts(engine, NULL, NULL));
    gripper_engine_close(engine);
}

/* What came onto the screen and what left it, by identity; a buffer too small consumes nothing. */
static void test_display_changes(void) {
    gripper_engine *engine = open_fruit(0, NULL);
    gripper_status st;
    if (!engine) return;
    gripper_display_change changes[16];
    size_t count = 0;
    st = gripper_take_display_changes(engine, changes, 2, &count);
    CHECK(st == GRIPPER_ERROR_BUFFER && count == 6, "6 cells into 2: %s %zu", gripper_status_name(st), count);
    CHECK(gripper_take_display_changes(engine, changes, 16, NULL) == GRIPPER_ERROR_NULL, "NULL count");
    OK(gripper_take_display_changes(engine, changes, 16, &count));
    CHECK(count == 6, "everything on screen appears first: %zu", count);
    if (count == 6)
        CHECK(changes[0].event == GRIPPER_DISPLAY_APPEARED && changes[0].kind == GRIPPER_ELEMENT_CELL &&
                  strcmp(changes[0].id, "apple") == 0 && strcmp(changes[5].id, "kale") == 0,
              "apple first, kale last: %s %s", changes[0].id, changes[5].id);
    OK(gripper_take_display_changes(engine, changes, 16, &count));
    CHECK(count == 0, "nothing since: %zu", count);
    OK(gripper_take_display_changes(engine, NULL, 0, &count));
    CHECK(count == 0, "an empty buffer when nothing changed: %zu", count);
    gripper_batch_op del = {GRIPPER_BATCH_DELETE_ITEM, 0, 1, 0, 0, 0, NULL};
    OK(gripper_apply_batch(engine, 1 * S, &del, 1));
    OK(gripper_take_display_changes(engine, changes, 16, &count));
    CHECK(count == 1 && changes[0].event == GRIPPER_DISPLAY_DISAPPEARED && strcmp(changes[0].id, "pear") == 0,
          "pear went (the others only moved): %zu", count);
    gripper_engine_close(engine);
}

/* Self-sizing: chips measured narrower share a line in the flow layout; a header measured taller. */
static void test_self_sizing(void) {
    gripper_engine *engine = open_fruit(GRIPPER_MAKE_TRANSITIONS, NULL);
    gripper_status st;
    if (!engine) return;
    size_t count = 0;
    gripper_layout_change flow;
    gripper_layout_change_init(&flow);
    flow.fields = GRIPPER_LAYOUT_FIELD_KIND | GRIPPER_LAYOUT_FIELD_HEADER_HEIGHT;
    flow.kind = GRIPPER_LAYOUT_FLOW;
    flow.header_height = 30;
    OK(gripper_change_layout(engine, 1 * S, &flow));
    OK(gripper_take_transitions(engine, &count));
    /* Each item fills its line until measured: four 100-point chips then share one. */
    for (int32_t i = 0; i < 4; i++) OK(gripper_set_measured_width(engine, 2 * S, 0, i, 100));
    OK(gripper_take_transitions(engine, &count));
    CHECK(count == 4, "one transition a measurement: %zu", count);
    if (count > 0) {
        gripper_transition tr;
        OK(gripper_transition_at(engine, 0, &tr));
        CHECK(tr.cause != NULL && strcmp(tr.cause, "measured") == 0, "cause %s", tr.cause ? tr.cause : "NULL");
    }
    gripper_attributes a[16];
    OK(gripper_attributes_in_rect(engine, 0, 0, 400, 600, a, 16, &count));
    double plum_y = -1, apple_y = -2;
    for (size_t k = 0; k < count; k++) {
        if (a[k].kind != GRIPPER_ELEMENT_CELL || a[k].section != 0) continue;
        if (a[k].item == 0) apple_y = a[k].y;
        if (a[k].item == 2) { plum_y = a[k].y; CHECK(a[k].width == 100, "plum is %g wide", a[k].width); }
    }
    CHECK(apple_y == plum_y, "one line: apple at %g, plum at %g", apple_y, plum_y);
    OK(gripper_set_measured_size(engine, 3 * S, 0, 1, 120, 60));
    OK(gripper_set_measured_height(engine, 3 * S, 1, 0, 20));
    OK(gripper_set_measured_supplementary_height(engine, 3 * S, GRIPPER_ELEMENT_HEADER, 1, 64));
    take(engine);
    CHECK(strstr(lines, "stimulus measured item [0,0] width 100.00") != NULL, "the line:\n%s", lines);
    CHECK(strstr(lines, "stimulus measured item [0,1] width 120.00 height 60.00") != NULL, "the line:\n%s", lines);
    CHECK(strstr(lines, "stimulus measured header 1 height 64.00") != NULL, "the line:\n%s", lines);
    /* Refused, nothing changed. */
    CHECK(gripper_set_measured_width(NULL, 4 * S, 0, 0, 10) == GRIPPER_ERROR_NULL, "NULL engine");
    CHECK(gripper_set_measured_width(engine, 4 * S, 0, 0, NAN) == GRIPPER_ERROR_INVALID, "a NaN width");
    CHECK(gripper_set_measured_width(engine, 4 * S, 0, 0, -1) == GRIPPER_ERROR_INVALID, "a negative width");
    CHECK(gripper_set_measured_size(engine, 4 * S, 0, 0, 10, INFINITY) == GRIPPER_ERROR_INVALID, "an infinite height");
    CHECK(gripper_set_measured_height(engine, 4 * S, 0, 0, 1099511627777.0) == GRIPPER_ERROR_INVALID, "past 2^40");
    CHECK(gripper_set_measured_width(engine, 4 * S, -1, 0, 10) == GRIPPER_ERROR_INVALID, "a negative section");
    CHECK(gripper_set_measured_supplementary_height(engine, 4 * S, GRIPPER_ELEMENT_CELL, 0, 10) == GRIPPER_ERROR_INVALID,
          "a cell is not a header");
    lines[0] = 0;
    st = gripper_set_measured_width(engine, 4 * S, 0, 9, 10);
    CHECK(st == GRIPPER_ERROR_LAYOUT, "no item [0,9]: %s", gripper_status_name(st));
    st = gripper_set_measured_supplementary_height(engine, 4 * S, GRIPPER_ELEMENT_FOOTER, 0, 10);
    CHECK(st == GRIPPER_ERROR_LAYOUT && strstr(gripper_engine_last_error(engine), "no footer") != NULL,
          "no footer: %s: %s", gripper_status_name(st), gripper_engine_last_error(engine));
    take(engine);
    CHECK(strstr(lines, "rejected measured:") != NULL, "the transcript says why:\n%s", lines);
    OK(gripper_take_transitions(engine, &count));
    CHECK(count == 3, "the three that changed something: %zu", count);
    gripper_engine_close(engine);
}

int main(void) {
    CHECK(strcmp(gripper_version(), "0.1.0") == 0, "version %s", gripper_version());
    CHECK(strcmp(gripper_status_name(GRIPPER_ERROR_BUFFER), "GRIPPER_ERROR_BUFFER") == 0, "name");
    test_touch_drag();
    test_transition_identities();
    test_swipe_delete();
    test_menu();
    test_pointer_drag();
    test_bad_input();
    test_callbacks();
    test_identities_follow_edits();
    test_data_source();
    test_evdev();
    test_layout_change();
    test_pinch();
    test_display_changes();
    test_self_sizing();
    const char *folder = getenv("GRIPPER_TEST_CASE_DIR");
    if (folder) test_replay_case(folder);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
