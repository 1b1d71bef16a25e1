/*
 * store.c — the app's own storage, and the data source and delegate
 * callbacks libgripper asks it through.
 */
#include "app.h"

#include <stdio.h>
#include <string.h>

static const char *const section_titles[] = {"Fruit", "Vegetables", "Herbs", "Nuts"};
enum { SAMPLE_SECTIONS = 4 };

static const char *const fruit[] = {"Apple", "Pear", "Plum", "Cherry", "Peach", "Apricot", "Mango", "Kiwi",
                                    "Banana", "Orange", "Lemon", "Lime", "Fig", "Grape", "Melon", "Papaya"};
static const char *const vegetables[] = {"Leek", "Kale", "Bean", "Carrot", "Onion", "Pepper", "Potato", "Radish",
                                         "Celery", "Spinach", "Turnip", "Squash", "Fennel", "Endive"};
static const char *const herbs[] = {"Basil", "Thyme", "Sage", "Mint", "Dill", "Parsley", "Chive", "Oregano",
                                    "Tarragon", "Rosemary", "Sorrel", "Lovage"};
static const char *const nuts[] = {"Almond", "Walnut", "Hazelnut", "Pecan", "Cashew", "Pistachio", "Chestnut",
                                   "Macadamia", "Peanut", "Brazil nut"};

static const struct {
    const char *const *names;
    size_t count;
} sample_names[SAMPLE_SECTIONS] = {
    {fruit, G_N_ELEMENTS(fruit)},
    {vegetables, G_N_ELEMENTS(vegetables)},
    {herbs, G_N_ELEMENTS(herbs)},
    {nuts, G_N_ELEMENTS(nuts)},
};

static Item *item_new(Store *store, char *id, char *label)
{
    Item *item = g_new0(Item, 1);
    item->id = id;
    item->label = label;
    g_hash_table_insert(store->pool, item->id, item);
    return item;
}

static void item_free(gpointer data)
{
    Item *item = data;
    g_free(item->id);
    g_free(item->label);
    g_free(item);
}

static Store *store_new(size_t section_count)
{
    Store *store = g_new0(Store, 1);
    store->pool = g_hash_table_new_full(g_str_hash, g_str_equal, NULL, item_free);
    store->section_count = section_count;
    store->sections = g_new0(Section, section_count);
    for (size_t s = 0; s < section_count; s++) {
        const char *title = section_titles[s % SAMPLE_SECTIONS];
        store->sections[s].title = g_strdup(title);
        store->sections[s].id = g_ascii_strdown(title, -1);
    }
    return store;
}

/* "Apple", then "Apple 2", "Apple 3" … once the names run out; identities "apple", "apple-2" … */
Store *store_new_sample(size_t per_section)
{
    Store *store = store_new(SAMPLE_SECTIONS);
    for (size_t s = 0; s < SAMPLE_SECTIONS; s++) {
        Section *section = &store->sections[s];
        section->items = g_new(Item *, per_section);
        section->count = per_section;
        for (size_t i = 0; i < per_section; i++) {
            const char *name = sample_names[s].names[i % sample_names[s].count];
            size_t round = i / sample_names[s].count;
            char *label = round == 0 ? g_strdup(name) : g_strdup_printf("%s %zu", name, round + 1);
            char *id = g_ascii_strdown(label, -1);
            g_strdelimit(id, " ", '-');
            section->items[i] = item_new(store, id, label);
        }
    }
    /* One rule of the app's: the first fruit stays where it is. */
    if (per_section > 0)
        store->sections[0].items[0]->fixed = TRUE;
    return store;
}

Store *store_new_generated(size_t n)
{
    Store *store = store_new(SAMPLE_SECTIONS);
    size_t next = 0;
    for (size_t s = 0; s < SAMPLE_SECTIONS; s++) {
        Section *section = &store->sections[s];
        size_t count = n / SAMPLE_SECTIONS + (s < n % SAMPLE_SECTIONS ? 1 : 0);
        section->items = g_new(Item *, count ? count : 1);
        section->count = count;
        for (size_t i = 0; i < count; i++) {
            next++;
            section->items[i] = item_new(store, g_strdup_printf("item-%zu", next), g_strdup_printf("Item %zu", next));
        }
    }
    return store;
}

static void free_order(Section *sections, size_t count)
{
    for (size_t s = 0; s < count; s++) {
        g_free(sections[s].id);
        g_free(sections[s].title);
        g_free(sections[s].items);
    }
    g_free(sections);
}

void store_free(Store *store)
{
    if (!store)
        return;
    free_order(store->sections, store->section_count);
    g_hash_table_destroy(store->pool);
    g_free(store);
}

Item *store_item(const Store *store, const char *id)
{
    return id ? g_hash_table_lookup(store->pool, id) : NULL;
}

const char *store_section_title(const Store *store, const char *id)
{
    if (!id)
        return "";
    for (size_t s = 0; s < store->section_count; s++)
        if (strcmp(store->sections[s].id, id) == 0)
            return store->sections[s].title;
    return id;
}

size_t store_item_total(const Store *store)
{
    size_t total = 0;
    for (size_t s = 0; s < store->section_count; s++)
        total += store->sections[s].count;
    return total;
}

static gboolean read_failed(const gripper_engine *engine, const char *call, gripper_status status)
{
    fprintf(stderr, "gripper-gtk: %s: %s: %s\n", call, gripper_status_name(status), gripper_engine_last_error(engine));
    return FALSE;
}

/* Reads a string the engine copies into a caller's buffer, growing it when told to. */
static gboolean read_id(const gripper_engine *engine, gboolean section_id, size_t section, size_t item,
                        GString *buffer)
{
    for (;;) {
        size_t length = 0;
        gripper_status status =
            section_id ? gripper_section_id(engine, section, buffer->str, buffer->allocated_len, &length)
                       : gripper_item_id(engine, section, item, buffer->str, buffer->allocated_len, &length);
        if (status == GRIPPER_OK)
            return TRUE;
        if (status != GRIPPER_ERROR_BUFFER)
            return read_failed(engine, section_id ? "gripper_section_id" : "gripper_item_id", status);
        g_string_set_size(buffer, length + 1);
    }
}

Section *store_read_back(const Store *store, const gripper_engine *engine, size_t *section_count)
{
    size_t count = 0;
    gripper_status status = gripper_section_count(engine, &count);
    if (status != GRIPPER_OK) {
        read_failed(engine, "gripper_section_count", status);
        return NULL;
    }
    Section *sections = g_new0(Section, count ? count : 1);
    GString *buffer = g_string_sized_new(64);
    gboolean ok = TRUE;
    for (size_t s = 0; ok && s < count; s++) {
        size_t items = 0;
        ok = read_id(engine, TRUE, s, 0, buffer);
        if (!ok)
            break;
        sections[s].id = g_strdup(buffer->str);
        sections[s].title = g_strdup(store_section_title(store, buffer->str));
        if ((status = gripper_item_count(engine, s, &items)) != GRIPPER_OK) {
            ok = read_failed(engine, "gripper_item_count", status);
            break;
        }
        sections[s].items = g_new(Item *, items ? items : 1);
        sections[s].count = items;
        for (size_t i = 0; ok && i < items; i++) {
            ok = read_id(engine, FALSE, s, i, buffer);
            Item *item = ok ? store_item(store, buffer->str) : NULL;
            if (ok && !item) {
                fprintf(stderr, "gripper-gtk: the engine has an item the app never made: %s\n", buffer->str);
                ok = FALSE;
            }
            if (ok)
                sections[s].items[i] = item;
        }
    }
    g_string_free(buffer, TRUE);
    if (!ok) {
        free_order(sections, count);
        return NULL;
    }
    *section_count = count;
    return sections;
}

void store_replace_order(Store *store, Section *sections, size_t section_count)
{
    free_order(store->sections, store->section_count);
    store->sections = sections;
    store->section_count = section_count;
}

/* ---- the data source ---------------------------------------------------- */

static size_t source_section_count(void *user)
{
    return ((Store *)user)->section_count;
}

static const char *source_section_id(void *user, size_t section)
{
    return ((Store *)user)->sections[section].id;
}

static size_t source_item_count(void *user, size_t section)
{
    return ((Store *)user)->sections[section].count;
}

static const char *source_item_id(void *user, size_t section, size_t item)
{
    return ((Store *)user)->sections[section].items[item]->id;
}

gripper_data_source store_data_source(Store *store)
{
    gripper_data_source source = {
        .struct_size = sizeof(gripper_data_source),
        .user = store,
        .section_count = source_section_count,
        .section_id = source_section_id,
        .item_count = source_item_count,
        .item_id = source_item_id,
        .item_height = NULL, /* every item at the row height */
    };
    return source;
}

/* ---- the delegate ------------------------------------------------------- */

static int delegate_can_move(void *user, const char *item, size_t section, size_t index)
{
    (void)section;
    (void)index;
    Item *it = store_item(user, item);
    return !(it && it->fixed);
}

const char *store_action_title(const Store *store, const char *action_id, const char *item_id)
{
    const Item *item = store_item(store, item_id);
    if (!action_id)
        return "";
    if (strcmp(action_id, "delete") == 0)
        return "Delete";
    if (strcmp(action_id, "flag") == 0)
        return item && item->flagged ? "Unflag" : "Flag";
    if (strcmp(action_id, "pin") == 0)
        return item && item->pinned ? "Unpin" : "Pin";
    return action_id;
}

/* Trailing: "delete" (destructive, a full swipe performs it) and "flag"; leading: "pin". */
static size_t delegate_swipe_actions(void *user, const char *item, size_t section, size_t index, int edge,
                                     gripper_action *out, size_t capacity)
{
    (void)section;
    (void)index;
    Store *store = user;
    if (edge == GRIPPER_EDGE_TRAILING && capacity >= 2) {
        out[0] = (gripper_action){"delete", "Delete", 1, 1};
        out[1] = (gripper_action){"flag", store_action_title(store, "flag", item), 0, 0};
        return 2;
    }
    if (edge == GRIPPER_EDGE_LEADING && capacity >= 1) {
        out[0] = (gripper_action){"pin", store_action_title(store, "pin", item), 0, 0};
        return 1;
    }
    return 0;
}

/* Flag and pin change the app's own state only: the item stays (return 0). */
static int delegate_perform_action(void *user, const char *action, const char *item, size_t section, size_t index)
{
    (void)section;
    (void)index;
    Item *it = store_item(user, item);
    if (!it)
        return 0;
    if (strcmp(action, "flag") == 0)
        it->flagged = !it->flagged;
    else if (strcmp(action, "pin") == 0)
        it->pinned = !it->pinned;
    return 0;
}

static const char *delegate_accessibility_label(void *user, const char *item)
{
    Item *it = store_item(user, item);
    return it ? it->label : NULL;
}

gripper_delegate store_delegate(Store *store)
{
    gripper_delegate delegate = {
        .struct_size = sizeof(gripper_delegate),
        .user = store,
        .can_move = delegate_can_move,
        .can_edit = NULL,
        .can_select = NULL,
        .target_for_move = NULL,
        .swipe_actions = delegate_swipe_actions,
        .perform_action = delegate_perform_action,
        .accessibility_label = delegate_accessibility_label,
    };
    return delegate;
}
