/*
 * app.h — the pieces of gripper-gtk, a GTK 4 app that embeds Gripper through
 * libgripper: its storage (store.c), the transitions it plays (anim.c), its
 * cairo drawing (draw.c) and the window, input and engine (gripper-gtk.c).
 */
#ifndef GRIPPER_GTK_APP_H
#define GRIPPER_GTK_APP_H

#include <gtk/gtk.h>
#include <stdint.h>

#include "gripper.h"

/* ---- storage (store.c) ------------------------------------------------- */

/** One item of the app's own storage. The engine knows only `id`. */
typedef struct Item {
    char *id;
    char *label;
    /** The app's rule: this one cannot be dragged (delegate.can_move). */
    gboolean fixed;
    /** Toggled by the "flag" and "pin" swipe actions (delegate.perform_action). */
    gboolean flagged;
    gboolean pinned;
} Item;

typedef struct Section {
    char *id;
    char *title;
    /** The items in order; pointers into the store's pool. */
    Item **items;
    size_t count;
} Section;

/**
 * The app's data. The order (sections[].items) must not change while an
 * engine reads it: the engine may ask the data source for identities at any
 * time after it opens, so a new order is built aside (store_read_back) and
 * swapped in only after that engine is closed.
 */
typedef struct Store {
    Section *sections;
    size_t section_count;
    /** id → Item*, owns every item ever made (a deleted one stays, unused). */
    GHashTable *pool;
} Store;

/** Four sections of `per_section` generated items ("Fruit", "Vegetables", …). */
Store *store_new_sample(size_t per_section);
/** `n` items spread over four sections, labelled "Item 1" … "Item n". */
Store *store_new_generated(size_t n);
void store_free(Store *store);
Item *store_item(const Store *store, const char *id);
/** A section's title by its identity, or the identity itself. */
const char *store_section_title(const Store *store, const char *id);
size_t store_item_total(const Store *store);

/**
 * The engine's current order as a new array of sections (sharing the
 * store's items), or NULL with a message on stderr when a call failed.
 * Swap it in with store_replace_order() once the engine is closed.
 */
Section *store_read_back(const Store *store, const gripper_engine *engine, size_t *section_count);
void store_replace_order(Store *store, Section *sections, size_t section_count);

gripper_data_source store_data_source(Store *store);
gripper_delegate store_delegate(Store *store);
/** The title a swipe action's button shows for an item now. */
const char *store_action_title(const Store *store, const char *action_id, const char *item_id);

/* ---- transitions (anim.c) ---------------------------------------------- */

/** One transition taken from the engine, copied (the engine's strings are duplicated). */
typedef struct Running {
    int64_t start_us;
    int64_t duration_us;
    int curve;
    gripper_change *changes;
    size_t count;
} Running;

/** An element drawn in the last frame and its identity (a copy), to name what a transition removes. */
typedef struct Shown {
    uint32_t kind;
    int32_t section, item;
    char *id;
} Shown;

typedef struct Anim {
    GArray *running; /* of Running */
    /** Scratch for gripper_transition_changes(), grown on GRIPPER_ERROR_BUFFER. */
    gripper_change *scratch;
    size_t scratch_capacity;
} Anim;

/** How far an element is still from where the engine has it now. */
typedef struct Motion {
    double dx, dy, dw, dh;
    double alpha;
} Motion;

void anim_init(Anim *anim);
void anim_clear(Anim *anim);
void anim_destroy(Anim *anim);
/**
 * Takes every transition the engine made since the last take; `origin_us` is
 * the time of the engine's first input on our clock. FALSE when a call
 * failed (reported).
 */
gboolean anim_take(Anim *anim, gripper_engine *engine, int64_t origin_us, const GArray *shown);
/** Remembers the identities of the elements drawn (`shown`, of Shown) for the next anim_take. */
void anim_remember_shown(GArray *shown, const gripper_attributes *elements, size_t count);
/** Drops what has finished by `now_us`; TRUE while anything still runs. */
gboolean anim_prune(Anim *anim, int64_t now_us);
/** The displacement and alpha factor of the element drawn from `a` at `now_us`. */
Motion anim_motion(const Anim *anim, int64_t now_us, const gripper_attributes *a);
/**
 * The elements that left (a deleted cell fading out), interpolated at
 * `now_us` and drawn at content offset `offset`, appended to `out` (of
 * gripper_attributes; ids point into the
 * Anim's copies, valid until the next anim_take or anim_prune).
 */
void anim_leaving(const Anim *anim, int64_t now_us, double offset, GArray *out);

/* ---- drawing (draw.c) -------------------------------------------------- */

typedef struct DrawContext {
    const Store *store;
    const Anim *anim;
    int64_t now_us;
    PangoLayout *layout;
    PangoFontDescription *label_font;
    PangoFontDescription *header_font;
    PangoFontDescription *small_font;
    int columns;
} DrawContext;

/** Draws the engine's elements (in drawing order) and the leaving ones. */
void draw_scene(cairo_t *cr, const DrawContext *dc, int width, int height, const gripper_attributes *elements,
                size_t count, const GArray *leaving);

#endif
