/*
 * anim.c — plays the engine's transitions (GRIPPER_MAKE_TRANSITIONS).
 *
 * What is drawn is always the engine's state now (gripper_attributes_in_rect);
 * a transition says where each changed element was before. An element that
 * moves or appears is drawn displaced back towards its initial frame by
 * (initial − final) × (1 − curve(elapsed / duration)), its alpha
 * interpolated; an element that disappears is drawn from its initial
 * attributes towards its final ones, fading out. Frames are kept in content
 * points (viewport y + the transition's content offset), as the engine's
 * own player keeps them in its scroll space. Elements are matched by
 * kind and index path of their final attributes (the engine's element
 * identity). Decorations (section backgrounds, separators) are not animated.
 */
#include "app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void anim_init(Anim *anim)
{
    anim->running = g_array_new(FALSE, FALSE, sizeof(Running));
    anim->scratch = NULL;
    anim->scratch_capacity = 0;
}

static void running_free(Running *r)
{
    for (size_t i = 0; i < r->count; i++) {
        g_free((char *)r->changes[i].initial.id);
        g_free((char *)r->changes[i].initial.action_id);
    }
    g_free(r->changes);
}

void anim_clear(Anim *anim)
{
    for (guint i = 0; i < anim->running->len; i++)
        running_free(&g_array_index(anim->running, Running, i));
    g_array_set_size(anim->running, 0);
}

void anim_destroy(Anim *anim)
{
    anim_clear(anim);
    g_array_free(anim->running, TRUE);
    g_free(anim->scratch);
}

static gboolean is_decoration(uint32_t kind)
{
    return kind == GRIPPER_ELEMENT_SECTION_BACKGROUND || kind == GRIPPER_ELEMENT_SEPARATOR;
}

static gboolean changes_anything(const gripper_change *c)
{
    const gripper_attributes *a = &c->initial, *b = &c->final;
    return c->role == 1 || a->x != b->x || a->y != b->y || a->width != b->width || a->height != b->height ||
           a->alpha != b->alpha;
}

static gboolean take_failed(gripper_engine *engine, const char *call, gripper_status status)
{
    fprintf(stderr, "gripper-gtk: %s: %s: %s\n", call, gripper_status_name(status), gripper_engine_last_error(engine));
    return FALSE;
}

/* Reads transition `index`'s changes into the scratch buffer, growing it as told. */
static gboolean read_changes(Anim *anim, gripper_engine *engine, size_t index, size_t *count)
{
    for (;;) {
        gripper_status status =
            gripper_transition_changes(engine, index, anim->scratch, anim->scratch_capacity, count);
        if (status == GRIPPER_OK)
            return TRUE;
        if (status != GRIPPER_ERROR_BUFFER)
            return take_failed(engine, "gripper_transition_changes", status);
        anim->scratch_capacity = *count + 16;
        anim->scratch = g_renew(gripper_change, anim->scratch, anim->scratch_capacity);
    }
}

void anim_remember_shown(GArray *shown, const gripper_attributes *elements, size_t count)
{
    for (guint i = 0; i < shown->len; i++)
        g_free(g_array_index(shown, Shown, i).id);
    g_array_set_size(shown, 0);
    for (size_t i = 0; i < count; i++) {
        const gripper_attributes *a = &elements[i];
        if (!a->id || is_decoration(a->kind))
            continue;
        Shown entry = {a->kind, a->section, a->item, g_strdup(a->id)};
        g_array_append_val(shown, entry);
    }
}

/*
 * The identity of what left, as the last frame drew it at its place.
 * libgripper 0.1.0 names a disappearing element's initial attributes by the
 * model after the change: a deleted cell's initial.id is the item that now
 * sits at its old index path. What was drawn there says what it really was.
 */
static const char *leaving_id(const gripper_attributes *initial, const GArray *shown)
{
    for (guint i = 0; shown && i < shown->len; i++) {
        const Shown *e = &g_array_index(shown, Shown, i);
        if (e->kind == initial->kind && e->section == initial->section && e->item == initial->item)
            return e->id;
    }
    return initial->id;
}

/* Keeps the changes worth drawing, with the strings a leaving element needs copied. */
static void add_running(Anim *anim, const gripper_transition *t, size_t count, const GArray *shown)
{
    Running r = {t->start_us, t->duration_us, (int)t->curve, g_new(gripper_change, count ? count : 1), 0};
    for (size_t i = 0; i < count; i++) {
        gripper_change c = anim->scratch[i];
        if (is_decoration(c.final.kind) || !changes_anything(&c))
            continue;
        /* Only a leaving element is drawn from the copy; the engine's strings die at its next call. */
        c.initial.id = c.role == 1 ? g_strdup(leaving_id(&c.initial, shown)) : NULL;
        c.initial.action_id = c.role == 1 ? g_strdup(c.initial.action_id) : NULL;
        c.final.id = NULL;
        c.final.action_id = NULL;
        /* Each frame is in viewport points at its own content offset: keep them in content points (the
           engine's scroll space), so a commit that also scrolls does not slide everything it touches. */
        c.initial.y += t->initial_offset;
        c.final.y += t->final_offset;
        r.changes[r.count++] = c;
    }
    if (r.count == 0 || r.duration_us <= 0) {
        running_free(&r);
        return;
    }
    g_array_append_val(anim->running, r);
}

/*
 * gripper_transition.start_us on our clock. The header calls it "the input's
 * time", but libgripper 0.1.0 gives it in transcript time (microseconds
 * since the engine's first input, `origin_us` on our clock). A start that
 * cannot be transcript time (our clock is g_get_monotonic_time(), far past
 * any transcript offset) is taken as already on our clock.
 */
static int64_t start_on_our_clock(int64_t start_us, int64_t origin_us)
{
    int64_t now = g_get_monotonic_time();
    if (origin_us < 0 || origin_us + start_us > now + 10 * G_USEC_PER_SEC)
        return start_us;
    return origin_us + start_us;
}

gboolean anim_take(Anim *anim, gripper_engine *engine, int64_t origin_us, const GArray *shown)
{
    size_t taken = 0;
    gripper_status status = gripper_take_transitions(engine, &taken);
    if (status != GRIPPER_OK)
        return take_failed(engine, "gripper_take_transitions", status);
    for (size_t i = 0; i < taken; i++) {
        gripper_transition t;
        size_t count = 0;
        if ((status = gripper_transition_at(engine, i, &t)) != GRIPPER_OK)
            return take_failed(engine, "gripper_transition_at", status);
        /* t.cause dies at the next call; only the debug output reads it. */
        if (getenv("GRIPPER_GTK_DEBUG"))
            fprintf(stderr, "transition %s at %lld for %lld us, %u changes\n", t.cause, (long long)t.start_us,
                    (long long)t.duration_us, t.change_count);
        t.cause = NULL;
        t.start_us = start_on_our_clock(t.start_us, origin_us);
        if (!read_changes(anim, engine, i, &count))
            return FALSE;
        add_running(anim, &t, count, shown);
    }
    /* As the engine's own player: at most 32 at once, the oldest dropped first. */
    while (anim->running->len > 32) {
        running_free(&g_array_index(anim->running, Running, 0));
        g_array_remove_index(anim->running, 0);
    }
    return TRUE;
}

gboolean anim_prune(Anim *anim, int64_t now_us)
{
    for (guint i = anim->running->len; i-- > 0;) {
        Running *r = &g_array_index(anim->running, Running, i);
        if (now_us >= r->start_us + r->duration_us) {
            running_free(r);
            g_array_remove_index(anim->running, i);
        }
    }
    return anim->running->len > 0;
}

/* The curve's progress at `now_us`; an input stamped a little after the frame's time counts as not started. */
static double progress(const Running *r, int64_t now_us)
{
    double elapsed = (double)(now_us - r->start_us);
    if (elapsed <= 0)
        return gripper_curve_value(r->curve, 0);
    return gripper_curve_value(r->curve, elapsed / (double)r->duration_us);
}

static gboolean same_element(const gripper_attributes *a, const gripper_attributes *b)
{
    return a->kind == b->kind && a->section == b->section && a->item == b->item &&
           a->action_index == b->action_index;
}

Motion anim_motion(const Anim *anim, int64_t now_us, const gripper_attributes *a)
{
    Motion m = {0, 0, 0, 0, 1};
    for (guint i = 0; i < anim->running->len; i++) {
        const Running *r = &g_array_index(anim->running, Running, i);
        if (now_us >= r->start_us + r->duration_us)
            continue;
        double p = progress(r, now_us), back = 1 - p;
        for (size_t j = 0; j < r->count; j++) {
            const gripper_change *c = &r->changes[j];
            if (c->role == 1 || !same_element(&c->final, a))
                continue;
            m.dx += (c->initial.x - c->final.x) * back;
            m.dy += (c->initial.y - c->final.y) * back;
            m.dw += (c->initial.width - c->final.width) * back;
            m.dh += (c->initial.height - c->final.height) * back;
            m.alpha *= c->initial.alpha + (c->final.alpha - c->initial.alpha) * p;
        }
    }
    return m;
}

void anim_leaving(const Anim *anim, int64_t now_us, double offset, GArray *out)
{
    for (guint i = 0; i < anim->running->len; i++) {
        const Running *r = &g_array_index(anim->running, Running, i);
        if (now_us >= r->start_us + r->duration_us)
            continue;
        double p = progress(r, now_us);
        for (size_t j = 0; j < r->count; j++) {
            const gripper_change *c = &r->changes[j];
            if (c->role != 1)
                continue;
            gripper_attributes a = c->initial;
            a.x += (c->final.x - c->initial.x) * p;
            a.y += (c->final.y - c->initial.y) * p - offset;
            a.alpha = c->initial.alpha * (1 - p) + c->final.alpha * p;
            g_array_append_val(out, a);
        }
    }
}
