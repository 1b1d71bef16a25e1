/*
 * gripper-gtk — a GTK 4 app that embeds the Gripper engine through
 * libgripper. GTK's own pointer, touch, scroll and key events go to the
 * engine; the engine says where every cell is, and this app draws it with
 * cairo, animates the engine's transitions on GTK's frame clock, and prints
 * the transcript (every gesture, state change and committed edit) to stdout.
 *
 *   gripper-gtk [--items N] [--columns C] [--size WxH] [--report-dir DIR]
 *
 * Keys: e batch editing, Delete deletes the selection, Ctrl+Z undo,
 * Ctrl+Shift+Z redo, arrows/Home/End/Space/Enter/Escape go to the engine
 * (focus and keyboard moves), g list/grid, F2 saves a bug report (a replay
 * case), q quits.
 */
#include "app.h"

#include <glib-unix.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { KEY_CODES = 768 };

/*
 * One clock for everything the engine sees: g_get_monotonic_time()
 * microseconds (also GTK's frame clock). GDK event times are 32-bit
 * milliseconds on the display server's clock; they are unwrapped and moved
 * onto the monotonic clock by the smallest delivery delay seen, so an event
 * is never stamped after it arrived and its spacing to the other events is
 * kept. Inputs must reach the engine in time order, so every time given out
 * is at least the last one.
 */
typedef struct Clock {
    gboolean have_raw;
    guint32 last_raw;
    int64_t ext_ms;    /* the event time unwrapped past 32 bits */
    int64_t offset_us; /* monotonic − event time, the smallest seen */
    int64_t last_us;   /* the latest time handed to the engine */
} Clock;

static int64_t clock_now(Clock *c)
{
    int64_t now = g_get_monotonic_time();
    if (now > c->last_us)
        c->last_us = now;
    return c->last_us;
}

static int64_t clock_event(Clock *c, guint32 raw_ms)
{
    if (raw_ms == GDK_CURRENT_TIME)
        return clock_now(c);
    int64_t now = g_get_monotonic_time();
    if (!c->have_raw) {
        c->have_raw = TRUE;
        c->ext_ms = raw_ms;
        c->offset_us = now - (int64_t)raw_ms * 1000;
    } else {
        c->ext_ms += (int32_t)(raw_ms - c->last_raw); /* signed: wraps at 2^32 ms, and small steps back */
    }
    c->last_raw = raw_ms;
    int64_t lag = now - c->ext_ms * 1000;
    if (lag < c->offset_us)
        c->offset_us = lag;
    int64_t t = c->ext_ms * 1000 + c->offset_us;
    if (t < c->last_us)
        t = c->last_us;
    c->last_us = t;
    return t;
}

typedef struct App {
    Store *store;
    gripper_engine *engine;
    int columns;      /* now */
    int grid_columns; /* what g switches to from a list */
    int width, height;
    double points_per_millimetre;
    const char *report_dir;
    int reports;

    GtkWidget *window, *area;
    Clock clock;
    /* The time of the first call that gave this engine a time: its transcript's zero (-1: none yet). */
    int64_t origin_us;
    Anim anim;
    guint deadline_source;
    guint tick_id;
    int64_t last_tick_us;
    GArray *frame_ms; /* tick intervals while dragging */
    GArray *draw_ms;  /* draw-function durations */

    gripper_attributes *elements;
    size_t element_capacity;
    GArray *leaving;
    GArray *shown; /* of Shown: what the last frame drew */
    char *text;
    size_t text_capacity;
    gboolean keys_down[KEY_CODES];
    double pointer_x, pointer_y;
    gboolean ready;
    gboolean done;
    int exit_status;

    PangoLayout *layout;
    PangoFontDescription *label_font, *header_font, *small_font;
} App;

/* ---- calls into the engine ---------------------------------------------- */

/* A time for the engine now; the first one an engine is given is its transcript's zero. */
static int64_t stamp(App *app, int64_t t)
{
    if (app->origin_us < 0)
        app->origin_us = t;
    return t;
}

static int64_t event_time(App *app, guint32 raw_ms)
{
    return stamp(app, clock_event(&app->clock, raw_ms));
}

static int64_t now_time(App *app)
{
    return stamp(app, clock_now(&app->clock));
}

/* Every libgripper status is checked here: an error is printed with the engine's message. */
static gboolean ok(App *app, gripper_status status, const char *call)
{
    if (status == GRIPPER_OK)
        return TRUE;
    fprintf(stderr, "gripper-gtk: %s: %s: %s\n", call, gripper_status_name(status),
            gripper_engine_last_error(app->engine));
    return FALSE;
}

static void grow_text(App *app, size_t needed)
{
    if (needed <= app->text_capacity)
        return;
    app->text_capacity = needed + needed / 2;
    app->text = g_realloc(app->text, app->text_capacity);
}

/* Prints the transcript lines since the last take (the test reads the committed edits here). */
static void take_lines(App *app)
{
    size_t length = 0;
    gripper_status status;
    while ((status = gripper_take_lines(app->engine, app->text, app->text_capacity, &length)) ==
           GRIPPER_ERROR_BUFFER)
        grow_text(app, length + 1);
    if (!ok(app, status, "gripper_take_lines"))
        return;
    if (length > 0) {
        fputs(app->text, stdout);
        fflush(stdout);
        /* A pinch that finished changed the columns (what g toggles from). */
        const char *finished = strstr(app->text, "layoutPinch finished columns ");
        if (finished)
            app->columns = atoi(finished + strlen("layoutPinch finished columns "));
    }
}

/*
 * GTK 4.8 has no way to make a screen reader speak a sentence: there is no
 * gtk_accessible_announce() (4.14) and no live-region property. With 4.14
 * or newer the announcement goes to GTK; here it is printed.
 */
static void take_announcements(App *app)
{
    for (;;) {
        size_t length = 0;
        gripper_status status = gripper_take_announcement(app->engine, app->text, app->text_capacity, &length);
        if (status == GRIPPER_ERROR_BUFFER) {
            grow_text(app, length + 1);
            continue;
        }
        if (status == GRIPPER_ERROR_NOT_FOUND || !ok(app, status, "gripper_take_announcement"))
            return;
        printf("announce: %s\n", app->text);
#if GTK_CHECK_VERSION(4, 14, 0)
        gtk_accessible_announce(GTK_ACCESSIBLE(app->area), app->text, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
#endif
    }
}

static gboolean is_dragging(App *app)
{
    const char *state = gripper_state(app->engine);
    return g_str_has_suffix(state, "dragging");
}

static gboolean on_tick(GtkWidget *widget, GdkFrameClock *frame_clock, gpointer data);
static void schedule_deadline(App *app);

static void ensure_tick(App *app)
{
    if (!app->tick_id)
        app->tick_id = gtk_widget_add_tick_callback(app->area, on_tick, app, NULL);
}

/* After every call that can change what is shown: print, animate, re-arm the timer, redraw. */
static void after_input(App *app)
{
    take_lines(app);
    take_announcements(app);
    anim_take(&app->anim, app->engine, app->origin_us, app->shown);
    schedule_deadline(app);
    gtk_widget_queue_draw(app->area);
    if (app->anim.running->len > 0 || is_dragging(app))
        ensure_tick(app);
}

static gboolean on_deadline(gpointer data)
{
    App *app = data;
    app->deadline_source = 0;
    if (ok(app, gripper_fire(app->engine, now_time(app)), "gripper_fire"))
        after_input(app);
    return G_SOURCE_REMOVE;
}

/* A GLib timeout at gripper_next_deadline(), on the same monotonic clock. */
static void schedule_deadline(App *app)
{
    if (app->deadline_source) {
        g_source_remove(app->deadline_source);
        app->deadline_source = 0;
    }
    int64_t when = 0;
    int has = 0;
    if (!ok(app, gripper_next_deadline(app->engine, &when, &has), "gripper_next_deadline") || !has)
        return;
    int64_t delay_us = when - g_get_monotonic_time();
    guint delay_ms = delay_us <= 0 ? 0 : (guint)((delay_us + 999) / 1000);
    if (getenv("GRIPPER_GTK_DEBUG"))
        fprintf(stderr, "deadline in %u ms\n", delay_ms);
    app->deadline_source = g_timeout_add_full(G_PRIORITY_HIGH, delay_ms, on_deadline, app, NULL);
}

static void stop_timers(App *app)
{
    if (app->deadline_source) {
        g_source_remove(app->deadline_source);
        app->deadline_source = 0;
    }
    if (app->tick_id) {
        gtk_widget_remove_tick_callback(app->area, app->tick_id);
        app->tick_id = 0;
    }
    app->last_tick_us = 0;
}

/* The screen's scale from the first monitor, when it reports a believable size. */
static double monitor_points_per_millimetre(void)
{
    GdkDisplay *display = gdk_display_get_default();
    GListModel *monitors = display ? gdk_display_get_monitors(display) : NULL;
    GdkMonitor *monitor = monitors && g_list_model_get_n_items(monitors) > 0 ? g_list_model_get_item(monitors, 0) : NULL;
    double ppm = 0;
    if (monitor) {
        GdkRectangle geometry;
        gdk_monitor_get_geometry(monitor, &geometry);
        int mm = gdk_monitor_get_width_mm(monitor);
        if (mm > 0)
            ppm = geometry.width / (double)mm;
        g_object_unref(monitor);
    }
    return ppm >= 1 && ppm <= 20 ? ppm : 0;
}

static gboolean open_engine(App *app)
{
    gripper_config config;
    gripper_config_init(&config);
    config.flags = GRIPPER_MAKE_TRANSITIONS | GRIPPER_ANNOUNCE | GRIPPER_RECORD_INPUT | GRIPPER_PINNED_HEADERS;
    config.viewport_width = app->width;
    config.viewport_height = app->height;
    if (app->points_per_millimetre > 0)
        config.points_per_millimetre = app->points_per_millimetre;
    config.columns = app->columns;
    config.row_height = app->columns > 1 ? 96 : 56;
    config.inter_item_spacing = app->columns > 1 ? 8 : 0;
    config.line_spacing = app->columns > 1 ? 8 : 0;
    config.header_height = 32;
    gripper_data_source source = store_data_source(app->store);
    gripper_delegate delegate = store_delegate(app->store);
    char message[512] = "";
    int64_t start = g_get_monotonic_time();
    app->origin_us = -1;
    gripper_status status = gripper_engine_open(&config, &source, &delegate, &app->engine, message, sizeof message);
    int64_t took = g_get_monotonic_time() - start;
    if (status != GRIPPER_OK) {
        fprintf(stderr, "gripper-gtk: gripper_engine_open: %s: %s\n", gripper_status_name(status), message);
        app->engine = NULL;
        return FALSE;
    }
    fprintf(stderr, "open: %zu items in %.1f ms\n", store_item_total(app->store), took / 1000.0);
    /* Two fingers (or a touchpad's pinch) close a list into the grid of tiles and spread the grid into the list. */
    gripper_layout_change grid, list;
    gripper_layout_change_init(&grid);
    grid.fields = GRIPPER_LAYOUT_FIELD_COLUMNS | GRIPPER_LAYOUT_FIELD_ROW_HEIGHT | GRIPPER_LAYOUT_FIELD_INTER_ITEM_SPACING
                  | GRIPPER_LAYOUT_FIELD_LINE_SPACING;
    grid.columns = app->grid_columns;
    grid.row_height = 96;
    grid.inter_item_spacing = 8;
    grid.line_spacing = 8;
    list = grid;
    list.columns = 1;
    list.row_height = 56;
    list.inter_item_spacing = 0;
    list.line_spacing = 0;
    if (!ok(app, gripper_set_pinch_layouts(app->engine, &grid, &list), "gripper_set_pinch_layouts")) {
        gripper_engine_close(app->engine);
        app->engine = NULL;
        return FALSE;
    }
    return TRUE;
}

/* ---- input --------------------------------------------------------------- */

/* A surface position (what GDK events carry) in the drawing area's points. */
static void to_area(App *app, double sx, double sy, double *x, double *y)
{
    GtkNative *native = gtk_widget_get_native(app->area);
    double tx = 0, ty = 0;
    gtk_native_get_surface_transform(native, &tx, &ty);
    if (!gtk_widget_translate_coordinates(GTK_WIDGET(native), app->area, sx - tx, sy - ty, x, y)) {
        *x = sx;
        *y = sy;
    }
}

static gboolean event_point(App *app, GdkEvent *event, double *x, double *y)
{
    double sx, sy;
    if (!gdk_event_get_position(event, &sx, &sy))
        return FALSE;
    to_area(app, sx, sy, x, y);
    return TRUE;
}

static gboolean on_button(App *app, GdkEvent *event, gboolean pressed)
{
    guint button = gdk_button_event_get_button(event);
    double x, y;
    if (button < 1 || button > 3 || !event_point(app, event, &x, &y))
        return FALSE;
    if (pressed)
        gtk_widget_grab_focus(app->area);
    int64_t t = event_time(app, gdk_event_get_time(event));
    if (ok(app, gripper_pointer_button(app->engine, t, x, y, button, pressed), "gripper_pointer_button"))
        after_input(app);
    return TRUE;
}

/* GTK coalesces motion to one event a frame; the positions in between come as its history. */
static gboolean on_motion(App *app, GdkEvent *event)
{
    guint n = 0;
    GdkTimeCoord *history = gdk_event_get_history(event, &n);
    for (guint i = 0; i < n; i++) {
        if ((history[i].flags & (GDK_AXIS_FLAG_X | GDK_AXIS_FLAG_Y)) != (GDK_AXIS_FLAG_X | GDK_AXIS_FLAG_Y))
            continue;
        double x, y;
        to_area(app, history[i].axes[GDK_AXIS_X], history[i].axes[GDK_AXIS_Y], &x, &y);
        int64_t t = event_time(app, history[i].time);
        if (!ok(app, gripper_pointer_motion(app->engine, t, x, y), "gripper_pointer_motion"))
            break;
    }
    g_free(history);
    double x, y;
    if (!event_point(app, event, &x, &y))
        return FALSE;
    app->pointer_x = x;
    app->pointer_y = y;
    int64_t t = event_time(app, gdk_event_get_time(event));
    if (ok(app, gripper_pointer_motion(app->engine, t, x, y), "gripper_pointer_motion"))
        after_input(app);
    return TRUE;
}

static gboolean on_touch(App *app, GdkEvent *event, int phase)
{
    double x, y;
    if (!event_point(app, event, &x, &y))
        return FALSE;
    uint64_t sequence = (uint64_t)(uintptr_t)gdk_event_get_event_sequence(event);
    int64_t t = event_time(app, gdk_event_get_time(event));
    if (ok(app, gripper_touch(app->engine, t, phase, sequence, x, y), "gripper_touch"))
        after_input(app);
    return TRUE;
}

/* A touchpad pinch libinput recognized: its phase and scale, at the pointer (gripper_touchpad_pinch). */
static gboolean on_touchpad_pinch(App *app, GdkEvent *event)
{
    double x, y;
    if (!event_point(app, event, &x, &y))
        return FALSE;
    int phase;
    switch (gdk_touchpad_event_get_gesture_phase(event)) {
    case GDK_TOUCHPAD_GESTURE_PHASE_BEGIN: phase = GRIPPER_TOUCH_BEGIN; break;
    case GDK_TOUCHPAD_GESTURE_PHASE_UPDATE: phase = GRIPPER_TOUCH_UPDATE; break;
    case GDK_TOUCHPAD_GESTURE_PHASE_END: phase = GRIPPER_TOUCH_END; break;
    default: phase = GRIPPER_TOUCH_CANCEL; break;
    }
    int64_t t = event_time(app, gdk_event_get_time(event));
    double scale = gdk_touchpad_event_get_pinch_scale(event);
    if (ok(app, gripper_touchpad_pinch(app->engine, t, phase, scale, x, y), "gripper_touchpad_pinch"))
        after_input(app);
    return TRUE;
}

/* Points a detent scrolls in the engine (its gesture configuration's default): surface-pixel deltas become detents. */
#define POINTS_PER_DETENT 48.0

static gboolean on_scroll(App *app, GdkEvent *event)
{
    double dx = 0, dy = 0;
    switch (gdk_scroll_event_get_direction(event)) {
    case GDK_SCROLL_UP: dy = -1; break;
    case GDK_SCROLL_DOWN: dy = 1; break;
    case GDK_SCROLL_LEFT: dx = -1; break;
    case GDK_SCROLL_RIGHT: dx = 1; break;
    case GDK_SCROLL_SMOOTH:
        gdk_scroll_event_get_deltas(event, &dx, &dy);
        if (gdk_scroll_event_get_unit(event) == GDK_SCROLL_UNIT_SURFACE) {
            dx /= POINTS_PER_DETENT;
            dy /= POINTS_PER_DETENT;
        }
        break;
    default: return FALSE;
    }
    if (dx == 0 && dy == 0)
        return TRUE; /* a smooth scroll's stop */
    double x = app->pointer_x, y = app->pointer_y;
    event_point(app, event, &x, &y);
    int64_t t = event_time(app, gdk_event_get_time(event));
    if (ok(app, gripper_scroll(app->engine, t, x, y, dx, dy), "gripper_scroll"))
        after_input(app);
    return TRUE;
}

static void run_command(App *app, GdkEvent *event, int command, const char *name)
{
    if (ok(app, gripper_run_command(app->engine, event_time(app, gdk_event_get_time(event)), command), name))
        after_input(app);
}

static void app_quit(App *app);
static void toggle_grid(App *app, GdkEvent *event);
static void save_report(App *app);

/* The app's own keys; FALSE when the key is not one of them. */
static gboolean app_key(App *app, GdkEvent *event)
{
    guint keyval = gdk_keyval_to_lower(gdk_key_event_get_keyval(event));
    GdkModifierType mods = gdk_event_get_modifier_state(event);
    gboolean ctrl = (mods & GDK_CONTROL_MASK) != 0, shift = (mods & GDK_SHIFT_MASK) != 0;
    if (ctrl && keyval == GDK_KEY_z)
        run_command(app, event, shift ? GRIPPER_COMMAND_REDO : GRIPPER_COMMAND_UNDO, shift ? "redo" : "undo");
    else if (ctrl && keyval == GDK_KEY_y)
        run_command(app, event, GRIPPER_COMMAND_REDO, "redo");
    else if (ctrl)
        return FALSE;
    else if (keyval == GDK_KEY_q)
        app_quit(app);
    else if (keyval == GDK_KEY_e)
        run_command(app, event,
                    g_str_has_prefix(gripper_state(app->engine), "batchEditing") ? GRIPPER_COMMAND_EDIT_OFF
                                                                                    : GRIPPER_COMMAND_EDIT_ON,
                    "edit");
    else if (keyval == GDK_KEY_Delete || keyval == GDK_KEY_KP_Delete)
        run_command(app, event, GRIPPER_COMMAND_DELETE_SELECTED, "delete selected");
    else if (keyval == GDK_KEY_g)
        toggle_grid(app, event);
    else if (keyval == GDK_KEY_F2)
        save_report(app);
    else
        return FALSE;
    return TRUE;
}

/* The keys the engine acts on (evdev codes): Esc, Enter, Space, KP Enter, Home, Up, PgUp, Left, Right, End, Down, PgDn. */
static gboolean engine_key_code(guint code)
{
    static const guint codes[] = {1, 28, 57, 96, 102, 103, 104, 105, 106, 107, 108, 109};
    for (size_t i = 0; i < G_N_ELEMENTS(codes); i++)
        if (codes[i] == code)
            return TRUE;
    return FALSE;
}

/* X11 and Wayland keycodes are evdev codes + 8. A press of a key already down is an autorepeat. */
static gboolean engine_key(App *app, GdkEvent *event, gboolean pressed)
{
    guint keycode = gdk_key_event_get_keycode(event);
    if (keycode < 8 || keycode - 8 >= KEY_CODES || !engine_key_code(keycode - 8))
        return FALSE;
    guint code = keycode - 8;
    int state = pressed ? (app->keys_down[code] ? GRIPPER_KEY_REPEATED : GRIPPER_KEY_PRESSED) : GRIPPER_KEY_RELEASED;
    if (!pressed && !app->keys_down[code])
        return TRUE; /* a release whose press went elsewhere */
    app->keys_down[code] = pressed;
    int64_t t = event_time(app, gdk_event_get_time(event));
    if (ok(app, gripper_key(app->engine, t, code, state), "gripper_key"))
        after_input(app);
    return TRUE;
}

static gboolean on_key(App *app, GdkEvent *event, gboolean pressed)
{
    if (pressed && app_key(app, event))
        return TRUE;
    return engine_key(app, event, pressed);
}

/* Keys held when the focus leaves never send their release here: release them in the engine now. */
static void on_focus_leave(GtkEventControllerFocus *controller, gpointer data)
{
    (void)controller;
    App *app = data;
    if (!app->engine || app->done)
        return;
    gboolean released = FALSE;
    for (guint code = 0; code < KEY_CODES; code++) {
        if (!app->keys_down[code])
            continue;
        app->keys_down[code] = FALSE;
        released = TRUE;
        if (!ok(app, gripper_key(app->engine, now_time(app), code, GRIPPER_KEY_RELEASED), "gripper_key"))
            break;
    }
    if (released)
        after_input(app);
}

static gboolean on_cancel(App *app, GdkEvent *event)
{
    int64_t t = event_time(app, gdk_event_get_time(event));
    if (ok(app, gripper_cancel(app->engine, t), "gripper_cancel"))
        after_input(app);
    return FALSE;
}

/* Every raw event of the drawing area, through GtkEventControllerLegacy. */
static gboolean on_event(GtkEventControllerLegacy *controller, GdkEvent *event, gpointer data)
{
    (void)controller;
    App *app = data;
    if (!app->engine || app->done)
        return FALSE;
    GdkEventType type = gdk_event_get_event_type(event);
    /* A touchscreen's emulated pointer events: the touch events themselves go to the engine. */
    if ((type == GDK_BUTTON_PRESS || type == GDK_BUTTON_RELEASE || type == GDK_MOTION_NOTIFY) &&
        gdk_event_get_pointer_emulated(event))
        return FALSE;
    switch (type) {
    case GDK_BUTTON_PRESS: return on_button(app, event, TRUE);
    case GDK_BUTTON_RELEASE: return on_button(app, event, FALSE);
    case GDK_MOTION_NOTIFY: return on_motion(app, event);
    case GDK_TOUCH_BEGIN: return on_touch(app, event, GRIPPER_TOUCH_BEGIN);
    case GDK_TOUCH_UPDATE: return on_touch(app, event, GRIPPER_TOUCH_UPDATE);
    case GDK_TOUCH_END: return on_touch(app, event, GRIPPER_TOUCH_END);
    case GDK_TOUCH_CANCEL: return on_touch(app, event, GRIPPER_TOUCH_CANCEL);
    case GDK_SCROLL: return on_scroll(app, event);
    case GDK_TOUCHPAD_PINCH: return on_touchpad_pinch(app, event);
    case GDK_KEY_PRESS: return on_key(app, event, TRUE);
    case GDK_KEY_RELEASE: return on_key(app, event, FALSE);
    case GDK_GRAB_BROKEN: return on_cancel(app, event);
    default: return FALSE;
    }
}

/* ---- the app's actions ---------------------------------------------------- */

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The 99th percentile (nearest rank). */
static double p99(GArray *samples)
{
    double *v = (double *)(void *)samples->data;
    qsort(v, samples->len, sizeof *v, compare_doubles);
    size_t rank = (size_t)ceil(0.99 * samples->len);
    return v[rank > 0 ? rank - 1 : 0];
}

static void report_frames(App *app)
{
    if (app->frame_ms->len)
        fprintf(stderr, "frames: %u, p99 %.1f ms\n", app->frame_ms->len, p99(app->frame_ms));
    else
        fprintf(stderr, "frames: 0, p99 - ms (no drag)\n");
    if (app->draw_ms->len)
        fprintf(stderr, "draw: %u frames, p99 %.2f ms\n", app->draw_ms->len, p99(app->draw_ms));
}

static void app_quit(App *app)
{
    if (app->done)
        return;
    app->done = TRUE;
    if (!app->engine)
        return;
    stop_timers(app);
    if (ok(app, gripper_finish(app->engine), "gripper_finish"))
        take_lines(app);
    else
        app->exit_status = 1;
    gripper_engine_close(app->engine);
    app->engine = NULL;
    report_frames(app);
}

/* g: a list becomes a grid of tiles and back within the same engine (gripper_change_layout): the data, the
 * selection, the focus and the first visible item stay, a drag in flight goes on, and the change animates. */
static void toggle_grid(App *app, GdkEvent *event)
{
    int columns = app->columns > 1 ? 1 : app->grid_columns;
    gripper_layout_change change;
    gripper_layout_change_init(&change);
    change.fields = GRIPPER_LAYOUT_FIELD_COLUMNS | GRIPPER_LAYOUT_FIELD_ROW_HEIGHT
                    | GRIPPER_LAYOUT_FIELD_INTER_ITEM_SPACING | GRIPPER_LAYOUT_FIELD_LINE_SPACING;
    change.columns = columns;
    change.row_height = columns > 1 ? 96 : 56; /* as open_engine() makes each */
    change.inter_item_spacing = columns > 1 ? 8 : 0;
    change.line_spacing = columns > 1 ? 8 : 0;
    if (!ok(app, gripper_change_layout(app->engine, event_time(app, gdk_event_get_time(event)), &change),
            "gripper_change_layout"))
        return;
    app->columns = columns;
    printf("layout: %d column%s (the same engine, animated)\n", app->columns, app->columns > 1 ? "s" : "");
    fflush(stdout);
    after_input(app);
}

/* F2: what happened since the engine opened, as a replay case `gripper test` can check. */
static void save_report(App *app)
{
    GDateTime *now = g_date_time_new_now_local();
    char *stamp = g_date_time_format(now, "%Y%m%d-%H%M%S");
    char *dir = g_strdup_printf("%s/bug-%s-%d", app->report_dir, stamp, ++app->reports);
    char *path = g_canonicalize_filename(dir, NULL);
    if (ok(app, gripper_save_replay_case(app->engine, path), "gripper_save_replay_case"))
        printf("bug report: %s\n", path);
    fflush(stdout);
    g_free(path);
    g_free(dir);
    g_free(stamp);
    g_date_time_unref(now);
}

/* ---- drawing and the frame clock ------------------------------------------ */

static gboolean on_tick(GtkWidget *widget, GdkFrameClock *frame_clock, gpointer data)
{
    App *app = data;
    int64_t now = gdk_frame_clock_get_frame_time(frame_clock);
    if (!app->engine) {
        app->tick_id = 0;
        return G_SOURCE_REMOVE;
    }
    gboolean dragging = is_dragging(app);
    if (dragging && app->last_tick_us) {
        double ms = (now - app->last_tick_us) / 1000.0;
        g_array_append_val(app->frame_ms, ms);
    }
    app->last_tick_us = dragging ? now : 0;
    gboolean animating = anim_prune(&app->anim, now);
    gtk_widget_queue_draw(widget);
    if (animating || dragging)
        return G_SOURCE_CONTINUE;
    app->tick_id = 0;
    return G_SOURCE_REMOVE;
}

static gboolean read_elements(App *app, int width, int height, size_t *count)
{
    for (;;) {
        /* While a pinch is under way, the cells between the two layouts. */
        gripper_pinch pinch;
        gripper_pinch_init(&pinch);
        gripper_status status = gripper_get_pinch(app->engine, &pinch);
        if (status == GRIPPER_OK && pinch.active)
            status = gripper_pinched_attributes(app->engine, app->elements, app->element_capacity, count);
        else if (status == GRIPPER_OK)
            status = gripper_attributes_in_rect(app->engine, 0, 0, width, height, app->elements,
                                                app->element_capacity, count);
        if (status != GRIPPER_ERROR_BUFFER)
            return ok(app, status, "gripper_attributes_in_rect");
        app->element_capacity = *count + 32;
        app->elements = g_renew(gripper_attributes, app->elements, app->element_capacity);
    }
}

/* The first frame is drawn: say so, with where the area lies in the window (for scripted input). */
static void announce_ready(App *app, int width, int height)
{
    GtkNative *native = gtk_widget_get_native(app->area);
    double x = 0, y = 0, tx = 0, ty = 0;
    gtk_native_get_surface_transform(native, &tx, &ty);
    if (!gtk_widget_translate_coordinates(app->area, GTK_WIDGET(native), 0, 0, &x, &y))
        x = y = 0;
    printf("ready %dx%d at %.0f,%.0f\n", width, height, x + tx, y + ty);
    fflush(stdout);
}

static void on_draw(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
    App *app = data;
    int64_t start = g_get_monotonic_time();
    size_t count = 0;
    double offset = 0;
    /* The offset first: the elements' strings are valid only until the next call on the engine. */
    if (!app->engine || !ok(app, gripper_content_offset(app->engine, &offset), "gripper_content_offset") ||
        !read_elements(app, width, height, &count))
        return;
    GdkFrameClock *frame_clock = gtk_widget_get_frame_clock(GTK_WIDGET(area));
    int64_t now = frame_clock ? gdk_frame_clock_get_frame_time(frame_clock) : start;
    g_array_set_size(app->leaving, 0);
    anim_leaving(&app->anim, now, offset, app->leaving);
    DrawContext dc = {app->store, &app->anim, now, app->layout, app->label_font, app->header_font, app->small_font,
                      app->columns};
    draw_scene(cr, &dc, width, height, app->elements, count, app->leaving);
    anim_remember_shown(app->shown, app->elements, count);
    double ms = (g_get_monotonic_time() - start) / 1000.0;
    g_array_append_val(app->draw_ms, ms);
    if (!app->ready) {
        app->ready = TRUE;
        announce_ready(app, width, height);
    }
}

static void on_resize(GtkDrawingArea *area, int width, int height, gpointer data)
{
    (void)area;
    App *app = data;
    if (!app->engine || (width == app->width && height == app->height) || width <= 0 || height <= 0)
        return;
    app->width = width;
    app->height = height;
    if (ok(app, gripper_resize(app->engine, now_time(app), width, height), "gripper_resize"))
        after_input(app);
}

/* SIGINT, SIGTERM: quit as q does, so the transcript's last lines and the frame times are printed. */
static gboolean on_signal(gpointer data)
{
    app_quit(data);
    return G_SOURCE_CONTINUE; /* main() removes both sources */
}

static gboolean on_close_request(GtkWindow *window, gpointer data)
{
    (void)window;
    app_quit(data);
    return TRUE; /* main() destroys the window once the loop ends */
}

/* ---- start and end -------------------------------------------------------- */

static gboolean parse_size(const char *s, int *w, int *h)
{
    return s && sscanf(s, "%dx%d", w, h) == 2 && *w >= 100 && *h >= 100 && *w <= 10000 && *h <= 10000;
}

static int usage(const char *problem)
{
    if (problem)
        fprintf(stderr, "gripper-gtk: %s\n", problem);
    fprintf(stderr, "usage: gripper-gtk [--items N] [--columns C] [--size WxH] [--report-dir DIR]\n"
                    "keys: e batch editing, Delete delete selection, Ctrl+Z undo, Ctrl+Shift+Z redo,\n"
                    "      arrows/Home/End/Space/Enter/Escape keyboard moves, g list/grid, F2 bug report, q quit\n");
    return 2;
}

static int parse_options(App *app, int argc, char **argv, long *items)
{
    for (int i = 1; i < argc; i++) {
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        char *end = NULL;
        if (strcmp(argv[i], "--items") == 0 && value) {
            *items = strtol(value, &end, 10);
            if (*end || *items < 1 || *items > 100000000)
                return usage("--items needs a count from 1 to 100000000");
        } else if (strcmp(argv[i], "--columns") == 0 && value) {
            app->columns = (int)strtol(value, &end, 10);
            if (*end || app->columns < 1 || app->columns > 12)
                return usage("--columns needs a number from 1 to 12");
        } else if (strcmp(argv[i], "--size") == 0 && value) {
            if (!parse_size(value, &app->width, &app->height))
                return usage("--size needs WIDTHxHEIGHT, each 100 to 10000");
        } else if (strcmp(argv[i], "--report-dir") == 0 && value) {
            app->report_dir = value;
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(NULL);
            return 1;
        } else {
            return usage("unknown option or missing value");
        }
        i++;
    }
    app->grid_columns = app->columns > 1 ? app->columns : 3;
    return 0;
}

static void build_window(App *app)
{
    app->window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(app->window), "Gripper GTK");
    gtk_window_set_default_size(GTK_WINDOW(app->window), app->width, app->height);
    /* The role is construct-only: a list, not the drawing area's default image. */
    app->area = g_object_new(GTK_TYPE_DRAWING_AREA, "accessible-role", GTK_ACCESSIBLE_ROLE_LIST, NULL);
    gtk_accessible_update_property(GTK_ACCESSIBLE(app->area), GTK_ACCESSIBLE_PROPERTY_LABEL, "Groceries", -1);
    gtk_widget_set_focusable(app->area, TRUE);
    gtk_widget_set_hexpand(app->area, TRUE);
    gtk_widget_set_vexpand(app->area, TRUE);
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(app->area), on_draw, app, NULL);
    g_signal_connect(app->area, "resize", G_CALLBACK(on_resize), app);
    GtkEventController *legacy = gtk_event_controller_legacy_new();
    g_signal_connect(legacy, "event", G_CALLBACK(on_event), app);
    gtk_widget_add_controller(app->area, legacy);
    GtkEventController *focus = gtk_event_controller_focus_new();
    g_signal_connect(focus, "leave", G_CALLBACK(on_focus_leave), app);
    gtk_widget_add_controller(app->area, focus);
    gtk_window_set_child(GTK_WINDOW(app->window), app->area);
    g_signal_connect(app->window, "close-request", G_CALLBACK(on_close_request), app);
    app->layout = gtk_widget_create_pango_layout(app->area, NULL);
    app->label_font = pango_font_description_from_string("Sans 12");
    app->header_font = pango_font_description_from_string("Sans Bold 9");
    app->small_font = pango_font_description_from_string("Sans 8");
}

static void free_app(App *app)
{
    anim_destroy(&app->anim);
    store_free(app->store);
    g_free(app->elements);
    g_free(app->text);
    g_array_free(app->leaving, TRUE);
    anim_remember_shown(app->shown, NULL, 0);
    g_array_free(app->shown, TRUE);
    g_array_free(app->frame_ms, TRUE);
    g_array_free(app->draw_ms, TRUE);
    if (app->layout)
        g_object_unref(app->layout);
    if (app->label_font) {
        pango_font_description_free(app->label_font);
        pango_font_description_free(app->header_font);
        pango_font_description_free(app->small_font);
    }
}

int main(int argc, char **argv)
{
    App app = {.columns = 1, .width = 420, .height = 720, .report_dir = "gripper-reports"};
    long items = 0;
    int parsed = parse_options(&app, argc, argv, &items);
    if (parsed)
        return parsed == 1 ? 0 : parsed;
    if (!gtk_init_check()) {
        fprintf(stderr, "gripper-gtk: cannot open a display (DISPLAY or WAYLAND_DISPLAY)\n");
        return 1;
    }
    fprintf(stderr, "gripper-gtk with libgripper %s\n", gripper_version());
    anim_init(&app.anim);
    app.leaving = g_array_new(FALSE, FALSE, sizeof(gripper_attributes));
    app.shown = g_array_new(FALSE, FALSE, sizeof(Shown));
    app.frame_ms = g_array_new(FALSE, FALSE, sizeof(double));
    app.draw_ms = g_array_new(FALSE, FALSE, sizeof(double));
    grow_text(&app, 4096);
    app.store = items > 0 ? store_new_generated((size_t)items) : store_new_sample(80);
    app.points_per_millimetre = monitor_points_per_millimetre();
    build_window(&app);
    if (!open_engine(&app)) {
        gtk_window_destroy(GTK_WINDOW(app.window));
        free_app(&app);
        return 1;
    }
    guint sigint = g_unix_signal_add(SIGINT, on_signal, &app);
    guint sigterm = g_unix_signal_add(SIGTERM, on_signal, &app);
    gtk_window_present(GTK_WINDOW(app.window));
    gtk_widget_grab_focus(app.area);
    while (!app.done)
        g_main_context_iteration(NULL, TRUE);
    g_source_remove(sigint);
    g_source_remove(sigterm);
    stop_timers(&app);
    gtk_window_destroy(GTK_WINDOW(app.window));
    free_app(&app);
    return app.exit_status;
}
