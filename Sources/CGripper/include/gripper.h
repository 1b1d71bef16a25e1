/*
 * gripper.h — libgripper, the C face of Gripper.
 *
 * Gripper is a headless reorder/edit interaction engine: feed it your
 * toolkit's pointer, touch and key events (or evdev frames) and it tells you
 * where every cell of your collection is, what is being dragged, swiped or
 * selected, how to animate each change, and which edits the user committed.
 * It draws nothing.
 *
 *     gripper_config config;
 *     gripper_config_init(&config);
 *     config.viewport_width = 400; config.viewport_height = 600;
 *     const char *fruit[] = {"apple", "pear", "plum"};
 *     gripper_section_data sections[] = {{"fruit", fruit, 3, NULL}};
 *     gripper_engine *engine = NULL;
 *     if (gripper_engine_open_arrays(&config, sections, 1, NULL, &engine, NULL, 0) != GRIPPER_OK) ...
 *     gripper_touch(engine, t_us, GRIPPER_TOUCH_BEGIN, 1, x, y);   // from your toolkit
 *     gripper_attributes cells[64]; size_t n;
 *     gripper_attributes_in_rect(engine, 0, 0, 400, 600, cells, 64, &n);  // then draw them
 *     gripper_engine_close(engine);
 *
 * The promises every function keeps (each function's comment adds its own):
 *
 *  - Errors. Every function that can fail returns a gripper_status;
 *    GRIPPER_OK (0) is success. A failed call changes nothing (an edit applies
 *    whole or not at all) and leaves a message naming the problem in
 *    gripper_engine_last_error(). No function aborts, traps or crashes on bad
 *    input: a NULL handle or pointer is GRIPPER_ERROR_NULL, a struct whose
 *    struct_size this version does not know is GRIPPER_ERROR_STRUCT_SIZE, a
 *    NaN, an infinity or an out-of-range number is GRIPPER_ERROR_INVALID,
 *    text that is not UTF-8 is GRIPPER_ERROR_UTF8.
 *  - Ownership. The caller owns what it passes in; the engine copies what it
 *    keeps before the call returns. Strings the engine hands out (const char
 *    * in results) are owned by the engine, NUL-terminated UTF-8, and valid
 *    until the next call on the same engine (copy them to keep them).
 *    Buffers the caller passes are filled up to their capacity; when a
 *    buffer is too small the call returns GRIPPER_ERROR_BUFFER, sets the
 *    count or length it needed and consumes nothing. The structs the
 *    library writes into the caller's arrays keep their layout for the life
 *    of this ABI (GRIPPER_0); the structs the caller passes in carry their
 *    struct_size.
 *  - Threads. There is no global state: engines are independent. One engine
 *    must be used by one thread at a time (any thread; hand it over with your
 *    own lock or queue). Callbacks run on the thread that made the call,
 *    before it returns. A callback must not call into the engine that called
 *    it: such a call returns GRIPPER_ERROR_REENTRANT and does nothing.
 *  - Time. Every input carries its own time in microseconds on one clock of
 *    the caller's choosing (the toolkit's event time times 1000, or
 *    CLOCK_MONOTONIC), from 0 to 9e18; the first call is time zero of the
 *    transcript. Inputs and commands come in time order: one earlier than
 *    an input or command given before is GRIPPER_ERROR_TIME_ORDER and
 *    changes nothing. gripper_fire() may run ahead of the events' clock (a
 *    timer); an input earlier than the time it reached is taken at that time.
 *    A command at the time of the input or deadline just handled is taken a
 *    microsecond after it, as a replay orders them
 *    (Documentation/ToolkitInput.md, "Time"). The engine reads no clock:
 *    gripper_next_deadline() says when it next wants gripper_fire() (a long
 *    press, an auto-scroll tick, a fling's frame).
 *  - Units. Positions and sizes are viewport points (your window's logical
 *    pixels, (0,0) at the top left of the collection's viewport).
 *    gripper_config.points_per_millimetre is the screen's physical scale:
 *    touch thresholds (slop, swipe distance) are millimetres of screen. A
 *    pointer (mouse) moves one point per count, as an evdev mouse does: its
 *    drag threshold is GTK's 8 pixels.
 *  - Complexity is given per function for n items, s sections and k
 *    elements in a rect.
 *
 * Toolkit events are made into the frames of three virtual evdev devices (a
 * multitouch screen whose axes are the viewport at the screen's scale, a
 * mouse, a keyboard) and go through the same recognizers as live evdev
 * input; gripper_save_replay_case() writes them as a libinput-record trace
 * that `gripper replay` and `gripper test` replay byte for byte. See
 * Documentation/CLibrary.md and libgripper(3).
 *
 * Link with `pkg-config --cflags --libs gripper`. The Swift runtime is
 * linked into libgripper.so.0, which needs only libc, libm, libstdc++ and
 * libgcc_s; an app that also loads another Swift library gets a second copy
 * of the runtime (types do not cross between the two).
 */
#ifndef GRIPPER_H
#define GRIPPER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The version of this header's ABI: the 0 of libgripper.so.0. */
#define GRIPPER_ABI_VERSION 0

/** An engine: one collection, its input, layout, editing and transcript. Opaque. */
typedef struct gripper_engine gripper_engine;

/** What a call did. */
typedef enum gripper_status {
    GRIPPER_OK = 0,
    /** A required handle or pointer was NULL. */
    GRIPPER_ERROR_NULL = 1,
    /** A struct's struct_size is not one this version knows. */
    GRIPPER_ERROR_STRUCT_SIZE = 2,
    /** A number out of range (NaN, infinite, a negative viewport or rect size, an unknown enum value, no such section or item to read). */
    GRIPPER_ERROR_INVALID = 3,
    /** A string is not valid UTF-8 (or is empty where an identity is needed). */
    GRIPPER_ERROR_UTF8 = 4,
    /** The data source contradicted itself: a repeated identity, a NULL string, a count over the limits. */
    GRIPPER_ERROR_DATA_SOURCE = 5,
    /** The layout rejected the configuration (columns that do not fit, a bad height). */
    GRIPPER_ERROR_LAYOUT = 6,
    /** A batch update broke a rule (an index out of range, a repeated identity); nothing was applied. */
    GRIPPER_ERROR_BATCH = 7,
    /** An input earlier than the latest one handled. */
    GRIPPER_ERROR_TIME_ORDER = 8,
    /** Called from inside one of this engine's own callbacks. */
    GRIPPER_ERROR_REENTRANT = 9,
    /** The caller's buffer is too small; the count or length needed was set. */
    GRIPPER_ERROR_BUFFER = 10,
    /** Nothing there: no such device, no announcement waiting. */
    GRIPPER_ERROR_NOT_FOUND = 11,
    /** A file could not be written (the message names it and why). */
    GRIPPER_ERROR_IO = 12,
    /** The engine is finished (gripper_finish()); only reading calls work. */
    GRIPPER_ERROR_FINISHED = 13
} gripper_status;

/**
 * A short English name of a status ("GRIPPER_ERROR_NULL"), or "unknown
 * status". Static storage; never NULL. Any thread. O(1).
 */
const char *gripper_status_name(int status);

/** The library's version ("0.1.0"). Static storage; never NULL. Any thread. O(1). */
const char *gripper_version(void);

/* ------------------------------------------------------------------------ */
/* Opening an engine                                                         */

/** Flags of gripper_config.flags. */
enum {
    /** Keep the whole transcript (gripper_transcript()); memory grows with what happens. */
    GRIPPER_RECORD_TRANSCRIPT = 1u << 0,
    /** Make a transition for every change to what is shown (gripper_take_transitions()). */
    GRIPPER_MAKE_TRANSITIONS = 1u << 1,
    /** Say what happens in English (gripper_take_announcement()). */
    GRIPPER_ANNOUNCE = 1u << 2,
    /** Keep every input and app call so gripper_save_replay_case() can write them; memory grows with the input. */
    GRIPPER_RECORD_INPUT = 1u << 3,
    /** Section headers stay at the top while their section is on screen (needs header_height > 0). */
    GRIPPER_PINNED_HEADERS = 1u << 4
};

/** How many items a tap selects in batch editing. */
typedef enum gripper_selection_mode {
    GRIPPER_SELECTION_MULTIPLE = 0,
    GRIPPER_SELECTION_SINGLE = 1,
    GRIPPER_SELECTION_NONE = 2
} gripper_selection_mode;

/**
 * How the engine opens. Fill it with gripper_config_init() and change what
 * you need: struct_size says which version of the struct you were compiled
 * against.
 */
typedef struct gripper_config {
    /** sizeof(gripper_config), set by gripper_config_init(). */
    uint32_t struct_size;
    /** GRIPPER_RECORD_TRANSCRIPT | GRIPPER_MAKE_TRANSITIONS | … (default 0). */
    uint32_t flags;
    /** The viewport, in points (> 0, at most 1e7; default 390 × 844). */
    double viewport_width;
    double viewport_height;
    /** The screen's scale, points per millimetre (> 0; default 96 dpi: 3.7795…). */
    double points_per_millimetre;
    /** Height of a row (> 0; default 56). */
    double row_height;
    /** Gap between columns and between rows (≥ 0; default 0). */
    double inter_item_spacing;
    double line_spacing;
    /** Section header and footer heights (≥ 0; default 0: none). */
    double header_height;
    double footer_height;
    /** Columns of the grid (1 to 1000; default 1: a list). */
    int32_t columns;
    /** A gripper_selection_mode (default GRIPPER_SELECTION_MULTIPLE). */
    int32_t selection_mode;
} gripper_config;

/** Fills `config` with the defaults and its struct_size. NULL does nothing. Any thread. O(1). */
void gripper_config_init(gripper_config *config);

/**
 * The app's data, asked through callbacks with `user`. The engine reads it
 * all once, when it opens (O(n) callbacks), and keeps its own copy: after
 * that the model changes only by the user's edits and gripper_apply_batch().
 * Strings returned must stay valid until the next callback of this source.
 */
typedef struct gripper_data_source {
    /** sizeof(gripper_data_source). */
    uint32_t struct_size;
    void *user;
    /** How many sections (at most 1,000,000). Required. */
    size_t (*section_count)(void *user);
    /** Section `section`'s identity: non-empty UTF-8, unique. Required. */
    const char *(*section_id)(void *user, size_t section);
    /** How many items section `section` has (in all at most 100,000,000). Required. */
    size_t (*item_count)(void *user, size_t section);
    /** The identity of item `item` of section `section`: non-empty UTF-8, unique over every section. Required. */
    const char *(*item_id)(void *user, size_t section, size_t item);
    /** The item's height in points (> 0), or NULL for every item at the row height. */
    double (*item_height)(void *user, size_t section, size_t item);
} gripper_data_source;

/** One section of gripper_engine_open_arrays(): its identity, its items' identities and (or NULL) heights. */
typedef struct gripper_section_data {
    const char *id;
    const char *const *item_ids;
    size_t item_count;
    /** item_count heights (> 0), or NULL for the row height. */
    const double *item_heights;
} gripper_section_data;

/** A swipe action, as gripper_delegate.swipe_actions writes it. */
typedef struct gripper_action {
    /** Identity, unique within the list (non-empty UTF-8); copied at once. */
    const char *id;
    /** Button title (UTF-8), or NULL for the identity. */
    const char *title;
    /** Non-zero: performing it deletes the item. */
    int32_t destructive;
    /** Non-zero: a full swipe performs it (at most one per list). */
    int32_t full_swipe;
} gripper_action;

/** What gripper_delegate.target_for_move answers. */
typedef enum gripper_move_answer {
    /** The proposed place is fine. */
    GRIPPER_MOVE_ACCEPT = 0,
    /** Not there: the gap stays where it was. */
    GRIPPER_MOVE_VETO = 1,
    /** Somewhere else: the callback wrote it to *section and *item. */
    GRIPPER_MOVE_REDIRECT = 2
} gripper_move_answer;

/** Which side of a cell a swipe reveals. */
typedef enum gripper_edge {
    /** The trailing edge (a swipe to the left, left to right). */
    GRIPPER_EDGE_TRAILING = 0,
    GRIPPER_EDGE_LEADING = 1
} gripper_edge;

/**
 * The app's rules, asked while the user acts (each callback may be NULL for
 * its default). The struct grows at its end: a struct_size of an earlier
 * version (ending before menu_actions) is accepted, its later fields
 * taken as NULL. `item` is the item's identity (valid during the call) and
 * `section`, `index` its place in the model now. An answer out of range (a
 * count over `capacity`, an unknown gripper_move_answer, a redirect past the
 * end, a NULL or non-UTF-8 action identity) is taken as the safe answer —
 * no actions, a veto — and counted in gripper_callback_errors() with a
 * message in gripper_engine_last_error().
 */
typedef struct gripper_delegate {
    /** sizeof(gripper_delegate). */
    uint32_t struct_size;
    void *user;
    /** Whether the item may be dragged (default: yes). */
    int (*can_move)(void *user, const char *item, size_t section, size_t index);
    /** Whether it may be swiped open and deleted (default: yes). */
    int (*can_edit)(void *user, const char *item, size_t section, size_t index);
    /** Whether it may be selected and highlighted (default: yes). */
    int (*can_select)(void *user, const char *item, size_t section, size_t index);
    /**
     * Where the dragged `item` (from `section`, `index`) may land when the
     * gap is proposed at (*to_section, *to_index): a gripper_move_answer,
     * after writing the other place to the pointers for a redirect
     * (default: accept).
     */
    int (*target_for_move)(void *user, const char *item, size_t section, size_t index,
                           size_t *to_section, size_t *to_index);
    /**
     * The actions the `edge` side reveals, nearest the edge first: writes
     * at most `capacity` (16) to `out` and returns how many it wrote.
     * Default: a destructive "delete" on the trailing edge that a full swipe
     * performs, nothing on the leading edge.
     */
    size_t (*swipe_actions)(void *user, const char *item, size_t section, size_t index, int edge,
                            gripper_action *out, size_t capacity);
    /**
     * The user performed the non-destructive action `action` on `item`:
     * return non-zero to delete the item, zero to keep it (default: keep).
     * A destructive action deletes without asking.
     */
    int (*perform_action)(void *user, const char *action, const char *item, size_t section, size_t index);
    /** The words announcements use for the item (UTF-8, valid until the next callback), or NULL for its identity. */
    const char *(*accessibility_label)(void *user, const char *item);
    /**
     * The entries of the item's menu, top to bottom, which a long press
     * without movement opens (and the Menu key or Shift+F10 for the focused
     * item): writes at most `capacity` (16) to `out` (full_swipe is ignored)
     * and returns how many. Performing an entry is performing an action: a
     * destructive one deletes the item, perform_action is asked for the
     * others. Default (NULL, or a struct_size that ends before this field,
     * as a caller built against 0.1.0 passes): no menu, and a long press
     * drags the item at once.
     */
    size_t (*menu_actions)(void *user, const char *item, size_t section, size_t index, gripper_action *out,
                           size_t capacity);
} gripper_delegate;

/**
 * Opens an engine on the app's data and rules. `delegate` may be NULL (the
 * defaults). On success *engine is a new engine the caller closes with
 * gripper_engine_close(); on failure *engine is NULL and, when `message` is
 * not NULL, the reason is written there as UTF-8 (truncated to
 * `message_capacity` bytes, always NUL-terminated). The delegate's `user` is
 * kept and used until the engine is closed.
 * Errors: NULL (config, source, a required callback, engine), STRUCT_SIZE,
 * INVALID (a config value), UTF8, DATA_SOURCE, LAYOUT.
 * Any thread. O(n) callbacks and memory for n items.
 */
gripper_status gripper_engine_open(const gripper_config *config, const gripper_data_source *source,
                                   const gripper_delegate *delegate, gripper_engine **engine,
                                   char *message, size_t message_capacity);

/**
 * gripper_engine_open() on plain arrays: `section_count` sections (NULL when
 * 0). Errors and complexity as gripper_engine_open().
 */
gripper_status gripper_engine_open_arrays(const gripper_config *config, const gripper_section_data *sections,
                                          size_t section_count, const gripper_delegate *delegate,
                                          gripper_engine **engine, char *message, size_t message_capacity);

/** Closes an engine and frees everything it holds. NULL does nothing. Not from its own callbacks. O(n). */
void gripper_engine_close(gripper_engine *engine);

/**
 * The message of the engine's last failed call, or of its last callback
 * answer taken as out of range ("" when none): owned by the engine, valid
 * until its next call. NULL engine: a static "no engine". O(1).
 */
const char *gripper_engine_last_error(const gripper_engine *engine);

/** How many callback answers were out of range and replaced by the safe answer. NULL: 0. O(1). */
uint64_t gripper_callback_errors(const gripper_engine *engine);

/* ------------------------------------------------------------------------ */
/* Input from a toolkit (GTK, Qt, SDL, Wayland)                              */

/** A touch sequence's phase. */
typedef enum gripper_touch_phase {
    GRIPPER_TOUCH_BEGIN = 0,
    GRIPPER_TOUCH_UPDATE = 1,
    GRIPPER_TOUCH_END = 2,
    /** The toolkit or compositor took the touch away: what it drives is cancelled, not committed. */
    GRIPPER_TOUCH_CANCEL = 3
} gripper_touch_phase;

/**
 * A touch event. `sequence` names the touch from its BEGIN to its END or
 * CANCEL (GTK's GdkEventSequence pointer, SDL's finger id, Wayland's touch
 * id); up to 16 touches at once, more are ignored. An UPDATE, END or CANCEL
 * of an unknown sequence does nothing.
 * Errors: NULL, INVALID (NaN or infinite position, unknown phase),
 * TIME_ORDER, REENTRANT, FINISHED. O(1) plus what the touch drives.
 */
gripper_status gripper_touch(gripper_engine *engine, int64_t time_us, int phase, uint64_t sequence,
                             double x, double y);

/**
 * A pinch the toolkit recognized on a touchpad (GTK's GDK_TOUCHPAD_PINCH,
 * libinput's pinch gesture): its phase (a gripper_touch_phase: BEGIN,
 * UPDATE, END, CANCEL), its scale since it began (1 at BEGIN), and where it
 * is (the pointer, viewport points). It is fed as two touches 160 points
 * apart at scale 1 across (x, y), that times `scale` after, so with
 * gripper_set_pinch_layouts() it changes the layout as a touchscreen pinch
 * does, and a saved replay case replays it. It uses two touch sequences of
 * its own (UINT64_MAX - 1 and UINT64_MAX).
 * Errors: NULL, INVALID (scale not finite or not above 0, a NaN or infinite
 * position, an unknown phase), TIME_ORDER, REENTRANT, FINISHED. O(1) plus
 * what the pinch drives.
 */
gripper_status gripper_touchpad_pinch(gripper_engine *engine, int64_t time_us, int phase, double scale,
                                      double x, double y);

/**
 * The pointer moved to (x, y) (positions past the viewport's edge are held
 * at the edge, as a desktop pointer is).
 * Errors: NULL, INVALID, TIME_ORDER, REENTRANT, FINISHED. O(1) plus what it drives.
 */
gripper_status gripper_pointer_motion(gripper_engine *engine, int64_t time_us, double x, double y);

/**
 * A pointer button went down (`pressed` non-zero) or up at (x, y). `button`
 * 1 is the primary (left) button, 2 the middle, 3 the secondary; only the
 * primary one drives gestures.
 * Errors: NULL, INVALID (button not 1–3), TIME_ORDER, REENTRANT, FINISHED. O(1) plus what it drives.
 */
gripper_status gripper_pointer_button(gripper_engine *engine, int64_t time_us, double x, double y,
                                      uint32_t button, int pressed);

/**
 * A scroll with the pointer at (x, y): `dx`, `dy` in wheel detents (a
 * discrete click is 1.0; smooth scrolling gives fractions; positive `dy`
 * scrolls the content up, towards its end, as GDK's and SDL's do).
 * |dx|, |dy| at most 1e6.
 * Errors: NULL, INVALID, TIME_ORDER, REENTRANT, FINISHED. O(1) plus what it drives.
 */
gripper_status gripper_scroll(gripper_engine *engine, int64_t time_us, double x, double y, double dx, double dy);

/** A key's state in gripper_key(). */
typedef enum gripper_key_state {
    GRIPPER_KEY_RELEASED = 0,
    GRIPPER_KEY_PRESSED = 1,
    GRIPPER_KEY_REPEATED = 2
} gripper_key_state;

/**
 * A key event, with the key's Linux evdev code (linux/input-event-codes.h:
 * KEY_UP 103, KEY_SPACE 57 …; X11 and Wayland keycodes are evdev + 8).
 * Keys move the focus and items (Documentation/Editing.md, "Keyboard and command moves").
 * Errors: NULL, INVALID (code over 767, unknown state), TIME_ORDER, REENTRANT, FINISHED. O(1) plus what it drives.
 */
gripper_status gripper_key(gripper_engine *engine, int64_t time_us, uint32_t code, int state);

/**
 * The toolkit cancelled every touch and the pointer's press (a grab broken,
 * the window unmapped): what is in flight is cancelled as a device loss
 * cancels it.
 * Errors: NULL, TIME_ORDER, REENTRANT, FINISHED. O(1) plus the cancellation.
 */
gripper_status gripper_cancel(gripper_engine *engine, int64_t time_us);

/* ------------------------------------------------------------------------ */
/* Input from evdev (a bare panel with no toolkit)                           */

/** An evdev axis, as EVIOCGABS gives it. */
typedef struct gripper_abs_axis {
    uint16_t code;
    uint16_t reserved;
    int32_t minimum, maximum, fuzz, flat, resolution;
} gripper_abs_axis;

/** An evdev device's description (libevdev tells each part). */
typedef struct gripper_device_info {
    /** sizeof(gripper_device_info). */
    uint32_t struct_size;
    /** The INPUT_PROP_* bits it has (bit n: property n). */
    uint32_t properties;
    /** Its name (UTF-8), or NULL. */
    const char *name;
    /** Each event code it sends, as (type << 16) | code. */
    const uint32_t *codes;
    size_t code_count;
    /** Its absolute axes. */
    const gripper_abs_axis *axes;
    size_t axis_count;
} gripper_device_info;

/** One evdev event, as struct input_event holds it, with its time in microseconds. */
typedef struct gripper_input_event {
    int64_t time_us;
    uint16_t type;
    uint16_t code;
    int32_t value;
} gripper_input_event;

/**
 * Adds an evdev device; *device is the number its frames are given with.
 * The device is classified as udev's input_id does (a touchscreen, a
 * touchpad, a mouse, a keyboard — every key from KEY_ESC to KEY_S — or
 * other, whose frames do nothing).
 * Errors: NULL, STRUCT_SIZE, INVALID (over 256 codes per type, an axis with
 * minimum > maximum), UTF8, REENTRANT, FINISHED. O(codes + axes).
 */
gripper_status gripper_attach_device(gripper_engine *engine, const gripper_device_info *info, uint32_t *device);

/**
 * One frame of device `device`: `count` events ending with SYN_REPORT (the
 * frame's time is the last event's). A key's events on a keyboard device go
 * to the keyboard moves.
 * Errors: NULL, NOT_FOUND (no such device), INVALID (count 0 or over
 * 4096), TIME_ORDER, REENTRANT, FINISHED. O(count) plus what the frame drives.
 */
gripper_status gripper_evdev_frame(gripper_engine *engine, uint32_t device, const gripper_input_event *events,
                                   size_t count);

/**
 * Device `device` went away (ENODEV): its contacts are forgotten and what
 * it drove is cancelled. Errors: NULL, NOT_FOUND, TIME_ORDER, REENTRANT, FINISHED. O(1).
 */
gripper_status gripper_device_lost(gripper_engine *engine, uint32_t device, int64_t time_us);

/* ------------------------------------------------------------------------ */
/* Time                                                                      */

/**
 * When the engine next wants gripper_fire(): writes it to *time_us and sets
 * *has_deadline to 1, or sets *has_deadline to 0 when nothing waits.
 * Errors: NULL. O(1).
 */
gripper_status gripper_next_deadline(const gripper_engine *engine, int64_t *time_us, int *has_deadline);

/**
 * Fires every deadline due at or before `time_us` (a long press, an
 * auto-scroll tick, a fling frame), each at its own time. Call it from a
 * timer at gripper_next_deadline(); calling it early, late or twice is
 * harmless (a time the engine has passed fires nothing).
 * Errors: NULL, INVALID (a time outside 0…9e18), REENTRANT, FINISHED. O(deadlines due).
 */
gripper_status gripper_fire(gripper_engine *engine, int64_t time_us);

/**
 * The end of input: touches still down are cancelled and the final
 * sections are written to the transcript. After it only reading calls,
 * gripper_save_replay_case() and gripper_engine_close() work.
 * Errors: NULL, REENTRANT, FINISHED. O(n) for the final line.
 */
gripper_status gripper_finish(gripper_engine *engine);

/* ------------------------------------------------------------------------ */
/* What to draw                                                              */

/** What an element is. */
typedef enum gripper_element_kind {
    GRIPPER_ELEMENT_CELL = 0,
    GRIPPER_ELEMENT_HEADER = 1,
    GRIPPER_ELEMENT_FOOTER = 2,
    GRIPPER_ELEMENT_GLOBAL_HEADER = 3,
    GRIPPER_ELEMENT_SECTION_BACKGROUND = 4,
    GRIPPER_ELEMENT_SEPARATOR = 5,
    GRIPPER_ELEMENT_PLACEHOLDER = 6,
    /** The dragged item(s), under the finger. */
    GRIPPER_ELEMENT_DRAG_PROXY = 7,
    /** A swipe action's button (action_index, action_id). */
    GRIPPER_ELEMENT_ACTION = 8,
    /** An item's open menu (a long press, the Menu key): the panel behind its entries; id is the item's. */
    GRIPPER_ELEMENT_MENU = 9,
    /**
     * One entry of an open menu: action_index (0 at the top), action_id,
     * action_title, action_destructive; GRIPPER_ATTR_HIGHLIGHTED when the
     * keyboard selected it (Enter performs it).
     */
    GRIPPER_ELEMENT_MENU_ENTRY = 10,
    /**
     * An element of a kind an app's own layout defines, drawn above the
     * cells and never hit: action_id is the kind's name, id the section's
     * identity, item the app's index of it within the section. Only a Swift
     * app's own layout (PlacementLayout) makes them; an engine opened
     * through this library never does yet.
     */
    GRIPPER_ELEMENT_APP_SUPPLEMENTARY = 11,
    /** A decoration of a kind an app's own layout defines, drawn behind: as GRIPPER_ELEMENT_APP_SUPPLEMENTARY. */
    GRIPPER_ELEMENT_APP_DECORATION = 12
} gripper_element_kind;

/** Flags of gripper_attributes.flags. */
enum {
    /** The dragged item's own cell, at the gap where it will land: draw it ghosted, or not at all (the proxy follows the finger). */
    GRIPPER_ATTR_HIDDEN = 1u << 0,
    GRIPPER_ATTR_SELECTED = 1u << 1,
    GRIPPER_ATTR_HIGHLIGHTED = 1u << 2,
    /** In batch editing (show a delete control and a gripper where allowed). */
    GRIPPER_ATTR_EDITING = 1u << 3,
    GRIPPER_ATTR_MOVABLE = 1u << 4,
    GRIPPER_ATTR_DELETABLE = 1u << 5,
    /** A pinned header. */
    GRIPPER_ATTR_PINNED = 1u << 6,
    /** The folder a drag would drop into. */
    GRIPPER_ATTR_DROP_TARGET = 1u << 7,
    /** Has the keyboard focus. */
    GRIPPER_ATTR_FOCUSED = 1u << 8
};

/** One element to draw, in viewport points. */
typedef struct gripper_attributes {
    /** A gripper_element_kind. */
    uint32_t kind;
    /** GRIPPER_ATTR_* bits. */
    uint32_t flags;
    /** The model index path (-1 when the element has none, as the global header). */
    int32_t section;
    int32_t item;
    /** Drawing order: higher on top. */
    int32_t z_index;
    /** For GRIPPER_ELEMENT_ACTION: its place in the revealed list (0 nearest the edge); for GRIPPER_ELEMENT_MENU_ENTRY: its place from the top; -1 otherwise. */
    int32_t action_index;
    /** The frame, viewport points. */
    double x, y, width, height;
    /** Opacity, 0 to 1. */
    double alpha;
    /** How far a swipe has slid the cell's content (negative: to the left). */
    double swipe_offset;
    /** How many items a drag proxy carries (0 for other elements). */
    int32_t drag_item_count;
    int32_t reserved;
    /** The item's identity for cells and proxies, the section's for headers, or NULL. Owned by the engine. */
    const char *id;
    /** The action's identity for GRIPPER_ELEMENT_ACTION and GRIPPER_ELEMENT_MENU_ENTRY, or NULL. Owned by the engine. */
    const char *action_id;
    /** The action's title for GRIPPER_ELEMENT_ACTION and GRIPPER_ELEMENT_MENU_ENTRY, or NULL. Owned by the engine. */
    const char *action_title;
    /** Non-zero for a destructive action's button. */
    int32_t action_destructive;
    int32_t reserved2;
    /** In batch editing, the cell's delete control and its gripper (the handle that drags at once), viewport points; zero sizes when the cell has none. */
    double delete_control_x, delete_control_y, delete_control_width, delete_control_height;
    double gripper_x, gripper_y, gripper_width, gripper_height;
} gripper_attributes;

/**
 * The elements that lie in the rect (viewport points: 0, 0, width, height
 * is what is on screen), in drawing order, written to `out`. *count is how
 * many there are; when more than `capacity`, the call returns
 * GRIPPER_ERROR_BUFFER (ask again with *count) and what the buffer holds is
 * unspecified. The strings are valid until the next call on the engine.
 * Errors: NULL, INVALID (a NaN or negative size), BUFFER, REENTRANT.
 * O(log n + k log k) for k elements.
 */
gripper_status gripper_attributes_in_rect(gripper_engine *engine, double x, double y, double width, double height,
                                          gripper_attributes *out, size_t capacity, size_t *count);

/** The scroll position (points along the scroll axis) and the content's size. Errors: NULL. O(1). */
gripper_status gripper_content_offset(const gripper_engine *engine, double *offset);
gripper_status gripper_content_size(const gripper_engine *engine, double *width, double *height);

/**
 * The editing machine's state ("idle", "dragging", "swiping", "open",
 * "batchEditing.idle" …; Documentation/Editing.md): owned by the engine, valid
 * until its next call. NULL engine: "". O(1).
 */
const char *gripper_state(gripper_engine *engine);

/* ------------------------------------------------------------------------ */
/* The model                                                                 */

/** How many sections the model has now. Errors: NULL. O(1). */
gripper_status gripper_section_count(const gripper_engine *engine, size_t *count);

/** How many items section `section` has now. Errors: NULL, INVALID (no such section). O(1). */
gripper_status gripper_item_count(const gripper_engine *engine, size_t section, size_t *count);

/**
 * The identity of item `item` of section `section` now, copied to `buffer`
 * (NUL-terminated UTF-8); *length (may be NULL) is its length without the
 * NUL. A buffer too small is GRIPPER_ERROR_BUFFER with *length set.
 * Errors: NULL, INVALID, BUFFER. O(1).
 */
gripper_status gripper_item_id(const gripper_engine *engine, size_t section, size_t item, char *buffer,
                               size_t capacity, size_t *length);

/** The same for section `section`'s identity. */
gripper_status gripper_section_id(const gripper_engine *engine, size_t section, char *buffer, size_t capacity,
                                  size_t *length);

/** How many journal entries (committed edits, app batches) there are. Errors: NULL. O(1). */
gripper_status gripper_journal_count(const gripper_engine *engine, size_t *count);

/* ------------------------------------------------------------------------ */
/* The app's own changes                                                     */

/** One operation of a batch update (UIKit's rules: deletes and the moves' sources in the old indices, inserts and the moves' destinations in the new). */
typedef enum gripper_batch_kind {
    GRIPPER_BATCH_DELETE_ITEM = 0,
    /** Inserts `id` at (section, item). */
    GRIPPER_BATCH_INSERT_ITEM = 1,
    /** Moves (section, item) to (to_section, to_item). */
    GRIPPER_BATCH_MOVE_ITEM = 2,
    GRIPPER_BATCH_RELOAD_ITEM = 3,
    GRIPPER_BATCH_DELETE_SECTION = 4,
    /** Inserts an empty section `id` at `section`. */
    GRIPPER_BATCH_INSERT_SECTION = 5,
    /** Moves section `section` (old index), with its identity and items, to `to_section` (new index). Since 0.2. */
    GRIPPER_BATCH_MOVE_SECTION = 6,
    /** Reloads section `section` (old index): identity, place and items stay; heights and metrics are asked again. Since 0.2. */
    GRIPPER_BATCH_RELOAD_SECTION = 7
} gripper_batch_kind;

typedef struct gripper_batch_op {
    /** A gripper_batch_kind. */
    uint32_t kind;
    int32_t section;
    int32_t item;
    int32_t to_section;
    int32_t to_item;
    int32_t reserved;
    /** The inserted item's or section's identity (UTF-8), else NULL. */
    const char *id;
} gripper_batch_op;

/**
 * Applies the app's batch at any moment, even mid-drag (what is in flight is
 * kept where it can be: Documentation/Engine.md). All or nothing: a rule
 * broken is GRIPPER_ERROR_BATCH with the rule and the index path in
 * gripper_engine_last_error(), and nothing changes.
 * Errors: NULL, INVALID (unknown kind), UTF8, BATCH, TIME_ORDER, REENTRANT, FINISHED.
 * O(n) worst case; O(ops + k) for k items on screen in the usual case.
 */
gripper_status gripper_apply_batch(gripper_engine *engine, int64_t time_us, const gripper_batch_op *ops,
                                   size_t count);

/** The app's commands. */
typedef enum gripper_command {
    /** Batch editing on (select by tap, delete controls, grippers). */
    GRIPPER_COMMAND_EDIT_ON = 0,
    GRIPPER_COMMAND_EDIT_OFF = 1,
    /** Deletes every selected item in one batch. */
    GRIPPER_COMMAND_DELETE_SELECTED = 2,
    GRIPPER_COMMAND_UNDO = 3,
    GRIPPER_COMMAND_REDO = 4,
    /** Moves the focused item (or a keyboard move's gap) one place up, down, to the top, to the bottom. */
    GRIPPER_COMMAND_MOVE_UP = 5,
    GRIPPER_COMMAND_MOVE_DOWN = 6,
    GRIPPER_COMMAND_MOVE_TO_TOP = 7,
    GRIPPER_COMMAND_MOVE_TO_BOTTOM = 8
} gripper_command;

/** Runs a command. Errors: NULL, INVALID (unknown command), TIME_ORDER, REENTRANT, FINISHED. O(n) worst case. */
gripper_status gripper_run_command(gripper_engine *engine, int64_t time_us, int command);

/**
 * Puts the keyboard focus on an item, or none with section = item = -1. A
 * path with no item there changes nothing and is a `rejected` transcript
 * line (as a scene's focus is), not an error.
 * Errors: NULL, INVALID (negative), TIME_ORDER, REENTRANT, FINISHED. O(1).
 */
gripper_status gripper_set_focus(gripper_engine *engine, int64_t time_us, int32_t section, int32_t item);

/** Scrolls to `offset` points, at once or animated (refused, with a transcript line, while the user scrolls or drags). Errors: NULL, INVALID, TIME_ORDER, REENTRANT, FINISHED. O(1). */
gripper_status gripper_scroll_to(gripper_engine *engine, int64_t time_us, double offset, int animated);

/** The viewport takes a new size (a window resized): the first visible item stays put. Errors: NULL, INVALID, LAYOUT, TIME_ORDER, REENTRANT, FINISHED. O(s). */
gripper_status gripper_resize(gripper_engine *engine, int64_t time_us, double width, double height);

/** The layouts a gripper_layout_change() switches between. */
typedef enum gripper_layout_kind {
    /** Rows of equal columns (one column: a list). */
    GRIPPER_LAYOUT_GRID = 0,
    /** Items wrapped into lines (Documentation/Layout.md, "The flow layout"). */
    GRIPPER_LAYOUT_FLOW = 1
} gripper_layout_kind;

/** Which fields of a gripper_layout_change it gives (bits of `fields`). */
typedef enum gripper_layout_field {
    GRIPPER_LAYOUT_FIELD_KIND = 1u << 0,
    GRIPPER_LAYOUT_FIELD_COLUMNS = 1u << 1,
    GRIPPER_LAYOUT_FIELD_MINIMUM_ITEM_WIDTH = 1u << 2,
    GRIPPER_LAYOUT_FIELD_ROW_HEIGHT = 1u << 3,
    GRIPPER_LAYOUT_FIELD_INTER_ITEM_SPACING = 1u << 4,
    GRIPPER_LAYOUT_FIELD_LINE_SPACING = 1u << 5,
    GRIPPER_LAYOUT_FIELD_HEADER_HEIGHT = 1u << 6,
    GRIPPER_LAYOUT_FIELD_FOOTER_HEIGHT = 1u << 7,
    GRIPPER_LAYOUT_FIELD_SNAPPING = 1u << 8
} gripper_layout_field;

/** Where a scroll comes to rest when the finger lets go (Documentation/Scrolling.md, "Snapping"). */
typedef enum gripper_snapping {
    /** Where the fling's deceleration takes it. */
    GRIPPER_SNAPPING_NONE = 0,
    /** At the top of a row of cells. */
    GRIPPER_SNAPPING_ITEM = 1,
    /** A page (a viewport's extent) on. */
    GRIPPER_SNAPPING_PAGE = 2
} gripper_snapping;

/**
 * A change of layout while the user watches: the fields whose bit is set in
 * `fields` replace the current ones, the others stay. Fill it with
 * gripper_layout_change_init(), then set the fields and their bits.
 */
typedef struct gripper_layout_change {
    /** sizeof(gripper_layout_change), set by gripper_layout_change_init(). */
    uint32_t struct_size;
    /** The gripper_layout_field bits of the fields given (default 0: none). */
    uint32_t fields;
    /** A gripper_layout_kind. */
    int32_t kind;
    /** Columns of the grid (1 to 1000). */
    int32_t columns;
    /** Adaptive columns: as many as fit cells at least this wide (> 0, at most 1e7); 0 turns them off. */
    double minimum_item_width;
    /** Height of a row (> 0, at most 1e7). */
    double row_height;
    /** Gap between columns and between rows (≥ 0, at most 1e7). */
    double inter_item_spacing;
    double line_spacing;
    /** Section header and footer heights (≥ 0, at most 1e7; 0: none). */
    double header_height;
    double footer_height;
    /** A gripper_snapping. */
    int32_t snapping;
} gripper_layout_change;

/** Fills `change` with no field given and its struct_size. NULL does nothing. Any thread. O(1). */
void gripper_layout_change_init(gripper_layout_change *change);

/**
 * Changes the layout while the user watches (Documentation/Layout.md,
 * "Changing the layout at run time"): another layout (grid or flow) or new
 * metrics, or both. The data, the selection, the focus and the first
 * visible item stay; what is in flight goes on in the new geometry; with
 * GRIPPER_MAKE_TRANSITIONS, one transition of cause "layoutChanged". The
 * engine does not keep `change`. Written to the transcript (and to a saved
 * replay case) as a `stimulus layout …` line.
 * Errors: NULL, STRUCT_SIZE, INVALID (an unknown field bit or kind, a value
 * out of its range; nothing changes), LAYOUT (the new layout cannot take it,
 * for example columns that do not fit the viewport's width: nothing changes,
 * and the transcript says why), TIME_ORDER, REENTRANT, FINISHED.
 * O(s) for s sections when a grid stays a grid; O(n) for a switch to flow.
 */
gripper_status gripper_change_layout(gripper_engine *engine, int64_t time_us, const gripper_layout_change *change);

/*
 * Self-sizing (Documentation/Layout.md, "Self-sizing"): the app reports what
 * a cell, header or footer measured as it comes on screen. Lengths are in
 * the layout's scroll space: a height along the scroll axis, a width across
 * it (in a horizontal layout, the screen's width and height). Each is
 * written to the transcript (and to a saved replay case) as a
 * `stimulus measured …` line; one that changes the layout makes one
 * transition of cause "measured" (with GRIPPER_MAKE_TRANSITIONS), one that
 * changes nothing makes none. What is on screen stays put (the first
 * visible item for a width; an element wholly before the viewport moves the
 * offset by its change) and what is in flight (a drag) goes on.
 * Common errors: NULL, INVALID (a length that is not finite or not from 0
 * to 2^40 = 1099511627776, a negative index; nothing changes), LAYOUT (no
 * such item or section, a header or footer the section does not have, or
 * content that would pass 2^52 points: nothing changes, and the transcript
 * has a `rejected` line saying why), TIME_ORDER, REENTRANT, FINISHED.
 * The engine keeps nothing the caller owns. One thread at a time, as every
 * call on an engine.
 */

/**
 * The item at (section, item) measured `height` along the scroll axis (a
 * self-sizing cell). Errors: as above. O(log n + sections).
 */
gripper_status gripper_set_measured_height(gripper_engine *engine, int64_t time_us, int32_t section, int32_t item,
                                           double height);

/**
 * The item at (section, item) measured `width` across the scroll axis (a
 * tag chip whose text decides its width): the flow layout wraps the
 * section again from the item's line on; the grid checks the width and
 * ignores it (its widths are its columns'). Errors: as above.
 * O(n - item) additions plus the lines wrapped again in the flow layout,
 * O(log n + k) for the k elements at the viewport's top.
 */
gripper_status gripper_set_measured_width(gripper_engine *engine, int64_t time_us, int32_t section, int32_t item,
                                          double width);

/**
 * Both of the item's measured dimensions at once (`width` across the
 * scroll axis, `height` along it): both are taken or neither.
 * Errors: as above. As gripper_set_measured_width().
 */
gripper_status gripper_set_measured_size(gripper_engine *engine, int64_t time_us, int32_t section, int32_t item,
                                         double width, double height);

/**
 * The header (`kind` GRIPPER_ELEMENT_HEADER) or footer
 * (GRIPPER_ELEMENT_FOOTER) of `section` measured `height` (a header whose
 * text wraps; 0 hides it until the next measurement). The engine keeps it
 * by the section's identity: it follows the section through batches,
 * moves, reloads and layout changes. Errors: as above, and INVALID for
 * another kind. O(log n + sections) for the grid and the flow layout.
 */
gripper_status gripper_set_measured_supplementary_height(gripper_engine *engine, int64_t time_us, int kind,
                                                         int32_t section, double height);

/**
 * A two-finger pinch between layouts (Documentation/Layout.md, "Pinching
 * between layouts"): `closing` is the change a pinch that closes the
 * fingers makes, `spreading` the one a spreading pinch makes, each as for
 * gripper_change_layout(); NULL for either: such a pinch does nothing;
 * both NULL: no pinch (a second finger cancels a one-finger gesture, as
 * without this call). While a pinch is under way gripper_get_pinch() says
 * how far it has gone and gripper_pinched_attributes() gives what to draw;
 * at the lift the change is made or cancelled, with one transition of
 * cause "layoutChanged" either way. The engine copies the changes. Call it
 * before the input it is for: a saved replay case's scene carries the
 * layouts set last.
 * Errors: NULL (engine), STRUCT_SIZE, INVALID (as gripper_change_layout;
 * nothing changes), REENTRANT. Any thread the engine is used on. O(1).
 */
gripper_status gripper_set_pinch_layouts(gripper_engine *engine, const gripper_layout_change *closing,
                                         const gripper_layout_change *spreading);

/** A pinch between layouts, as gripper_get_pinch() reports it. */
typedef struct gripper_pinch {
    /** sizeof(gripper_pinch), set by gripper_pinch_init(). */
    uint32_t struct_size;
    /** 1 while a pinch is under way (the fields below are then its), 0 otherwise. */
    int32_t active;
    /** 1 when the fingers close (the closing change), 0 when they spread. */
    int32_t closing;
    /** How far it has gone: 0 (the layout as it is) to 1 (the new one). */
    double progress;
    /** The span between the fingers now over the span when the second went down. */
    double scale;
    /** The pinch's centre, viewport points. */
    double centre_x;
    double centre_y;
    /** The new layout's content offset: the item under the fingers stays under them. */
    double target_offset;
} gripper_pinch;

/** Fills `pinch` with no pinch and its struct_size. NULL does nothing. Any thread. O(1). */
void gripper_pinch_init(gripper_pinch *pinch);

/** The pinch under way, if any, into `out` (set its struct_size with gripper_pinch_init()). Errors: NULL, STRUCT_SIZE, REENTRANT. O(1). */
gripper_status gripper_get_pinch(gripper_engine *engine, gripper_pinch *out);

/**
 * While a pinch is under way, the viewport's elements as it shows them,
 * each between its frame in the layout as it is and in the new one by the
 * pinch's progress (viewport points; an element in only one of the two has
 * its alpha faded), written to `out` as gripper_attributes_in_rect() does.
 * None (*count 0) when no pinch is under way: draw with
 * gripper_attributes_in_rect(). The strings are valid until the next call
 * on the engine.
 * Errors: NULL, BUFFER, REENTRANT. O(k log n) for k elements on screen.
 */
gripper_status gripper_pinched_attributes(gripper_engine *engine, gripper_attributes *out, size_t capacity,
                                          size_t *count);

/** What a gripper_display_change says. */
typedef enum gripper_display_event {
    /** Came onto the screen (UIKit's willDisplay): make its view, start its loads. */
    GRIPPER_DISPLAY_APPEARED = 0,
    /** Left it (didEndDisplaying): recycle its view, cancel its loads. */
    GRIPPER_DISPLAY_DISAPPEARED = 1
} gripper_display_event;

/** One element that came onto the screen or left it, by identity. */
typedef struct gripper_display_change {
    /** A gripper_display_event. */
    int32_t event;
    /** GRIPPER_ELEMENT_CELL, _HEADER, _FOOTER, _GLOBAL_HEADER or _APP_SUPPLEMENTARY (an app's own layout: id is its section's). */
    int32_t kind;
    /** The item's identity (a cell) or the section's (a header, a footer); NULL for the global header. Owned by the engine. */
    const char *id;
} gripper_display_change;

/**
 * What came onto the screen and what left it since the last call — scrolled
 * in or out, inserted, deleted, a resize, a layout change — by identity: an
 * item an edit renumbers, or a drag carries, stays shown (the first call
 * reports everything on screen as appearing). The ones that left come first,
 * in the order they were shown, then the ones that came, in layout order;
 * written to `out` and consumed. When more than `capacity`: GRIPPER_ERROR_BUFFER
 * with *count, and nothing is consumed. The strings are valid until the next
 * call on the engine. Call it once per drawn frame; an app that never asks
 * pays nothing. Errors: NULL, BUFFER, REENTRANT. O(log n + k) for the k
 * elements on screen.
 */
gripper_status gripper_take_display_changes(gripper_engine *engine, gripper_display_change *out, size_t capacity,
                                            size_t *count);

/* ------------------------------------------------------------------------ */
/* What happened                                                             */

/**
 * The transcript lines produced since the last call (every gesture, state
 * change, committed edit, announcement: Documentation/Engine.md), each
 * ending in '\n', copied to `buffer` with a NUL, and consumed. When they do
 * not fit (length + 1 > capacity) the call returns GRIPPER_ERROR_BUFFER,
 * sets *length and keeps them. Errors: NULL, BUFFER. O(lines).
 */
gripper_status gripper_take_lines(gripper_engine *engine, char *buffer, size_t capacity, size_t *length);

/**
 * The whole transcript (GRIPPER_RECORD_TRANSCRIPT), as gripper_take_lines()
 * copies, without consuming anything. Errors: NULL, BUFFER. O(lines).
 */
gripper_status gripper_transcript(const gripper_engine *engine, char *buffer, size_t capacity, size_t *length);

/**
 * The oldest announcement not yet taken (GRIPPER_ANNOUNCE), as UTF-8 text
 * ("Pear moved to position 3 of 5 in Vegetables"), copied and consumed;
 * GRIPPER_ERROR_NOT_FOUND when none waits. Hand it to the screen reader
 * (GTK 4.14: gtk_accessible_announce; an AT-SPI live region before it).
 * Errors: NULL, BUFFER, NOT_FOUND (not a failure: it leaves
 * gripper_engine_last_error() as it was). O(length).
 */
gripper_status gripper_take_announcement(gripper_engine *engine, char *buffer, size_t capacity, size_t *length);

/* ------------------------------------------------------------------------ */
/* Transitions (GRIPPER_MAKE_TRANSITIONS)                                    */

/** Timing curves. */
typedef enum gripper_curve {
    /** Constant speed. */
    GRIPPER_CURVE_LINEAR = 0,
    /** Starts slowly (cubic). */
    GRIPPER_CURVE_EASE_IN = 1,
    /** Ends slowly (cubic): things settling into place. */
    GRIPPER_CURVE_EASE_OUT = 2,
    /** Starts and ends slowly (smoothstep): things making room. */
    GRIPPER_CURVE_EASE_IN_OUT = 3
} gripper_curve;

/** One animated change. */
typedef struct gripper_transition {
    /** When it starts, on the clock of the times you give (the input that made it), and how long it runs. */
    int64_t start_us;
    int64_t duration_us;
    /** A gripper_curve; apply gripper_curve_value() to the elapsed fraction. */
    uint32_t curve;
    /** How many element changes it has (gripper_transition_changes()). */
    uint32_t change_count;
    /** The content offset at its start and at its end. */
    double initial_offset;
    double final_offset;
    /** Why (the engine's cause name: "gapMoved", "dropped", "swipeOpened" …). Static storage. */
    const char *cause;
} gripper_transition;

/** An element's change: appearing (initial is where it fades in from), disappearing, or moving. */
typedef struct gripper_change {
    /** 0 appearing, 1 disappearing, 2 moving. */
    uint32_t role;
    uint32_t reserved;
    gripper_attributes initial;
    gripper_attributes final;
} gripper_change;

/**
 * Takes the transitions made since the last take: *count is how many; read
 * each with gripper_transition_at() and gripper_transition_changes() until
 * the next take (the identities in its changes are those the items had
 * before and after the change).
 * Errors: NULL, REENTRANT. O(transitions).
 */
gripper_status gripper_take_transitions(gripper_engine *engine, size_t *count);

/** Transition `index` of the last take. Errors: NULL, INVALID (no such transition). O(1). */
gripper_status gripper_transition_at(gripper_engine *engine, size_t index, gripper_transition *out);

/**
 * Transition `index`'s element changes, written to `out` (as
 * gripper_attributes_in_rect() writes: BUFFER when over capacity).
 * Errors: NULL, INVALID, BUFFER. O(changes).
 */
gripper_status gripper_transition_changes(gripper_engine *engine, size_t index, gripper_change *out,
                                          size_t capacity, size_t *count);

/** The curve's value at `fraction` (0 to 1, clamped) of its time; 0 for an unknown curve. Any thread. O(1). */
double gripper_curve_value(int curve, double fraction);

/* ------------------------------------------------------------------------ */
/* A bug report is a replay case                                             */

/**
 * Writes what happened since the engine opened as a replay case in
 * `directory` (created when missing; the files are created new with
 * O_EXCL, written whole, and renamed into place — never through a symlink):
 * scene.json (the data at the start, the configuration and the delegate's
 * answers for every item, the app's commands and batches as stimuli),
 * trace.yml (the toolkit events and evdev frames as a libinput-record trace
 * of the virtual devices) and expected.txt (the transcript a replay of the
 * two prints, which `gripper test DIRECTORY` checks byte for byte). Needs
 * GRIPPER_RECORD_INPUT. Existing files of those names are replaced; nothing
 * else in the folder is touched. On success gripper_engine_last_error() is
 * "" — unless a replay of the case parts from the live transcript, which it
 * then names (a rule the scene cannot hold: a target_for_move or a
 * perform_action that deletes on a normal action, whose answers depend on
 * more than the item; see Documentation/CLibrary.md).
 * Errors: NULL, INVALID (the engine does not record input), UTF8, IO, REENTRANT.
 * O(n + input) time and memory.
 */
gripper_status gripper_save_replay_case(gripper_engine *engine, const char *directory);

#ifdef __cplusplus
}
#endif

#endif /* GRIPPER_H */
