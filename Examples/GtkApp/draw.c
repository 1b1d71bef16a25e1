/*
 * draw.c — draws the engine's elements with cairo and pango. Everything
 * here is read from gripper_attributes (viewport points) plus the app's
 * own labels; the engine draws nothing itself.
 */
#include "app.h"

#include <math.h>
#include <string.h>

/* The batch-editing controls' widths. The header does not expose them; these are the engine's defaults. */
enum { CONTROL_WIDTH = 44 };

typedef struct Rgb {
    double r, g, b;
} Rgb;

static const Rgb background = {0.949, 0.949, 0.969};
static const Rgb cell_fill = {1, 1, 1};
static const Rgb header_fill = {0.898, 0.898, 0.918};
static const Rgb text_dark = {0.11, 0.11, 0.118};
static const Rgb text_dim = {0.42, 0.42, 0.45};
static const Rgb blue = {0.0, 0.478, 1.0};
static const Rgb red = {1.0, 0.231, 0.188};
static const Rgb orange = {1.0, 0.584, 0.0};
static const Rgb green = {0.204, 0.78, 0.349};
static const Rgb separator = {0.776, 0.776, 0.784};

static void set_rgb(cairo_t *cr, Rgb c, double alpha)
{
    cairo_set_source_rgba(cr, c.r, c.g, c.b, alpha);
}

static void rounded_rect(cairo_t *cr, double x, double y, double w, double h, double r)
{
    r = fmin(r, fmin(w, h) / 2);
    if (r <= 0) {
        cairo_rectangle(cr, x, y, w, h);
        return;
    }
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -G_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, G_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, G_PI / 2, G_PI);
    cairo_arc(cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
    cairo_close_path(cr);
}

/* One line of text in a box, vertically centred, cut with an ellipsis when it does not fit. */
static void text(cairo_t *cr, const DrawContext *dc, const PangoFontDescription *font, const char *s, double x,
                 double y, double w, double h, gboolean centre, Rgb colour)
{
    if (!s || w <= 4)
        return;
    PangoLayout *layout = dc->layout;
    pango_layout_set_font_description(layout, font);
    pango_layout_set_text(layout, s, -1);
    pango_layout_set_width(layout, (int)(w * PANGO_SCALE));
    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
    pango_layout_set_alignment(layout, centre ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT);
    int tw, th;
    pango_layout_get_pixel_size(layout, &tw, &th);
    set_rgb(cr, colour, 1);
    cairo_move_to(cr, x, y + (h - th) / 2);
    pango_cairo_show_layout(cr, layout);
}

static void disc(cairo_t *cr, double cx, double cy, double r, Rgb colour)
{
    set_rgb(cr, colour, 1);
    cairo_arc(cr, cx, cy, r, 0, 2 * G_PI);
    cairo_fill(cr);
}

/* The blue disc with a white tick of a selected cell. */
static void selection_mark(cairo_t *cr, double cx, double cy)
{
    disc(cr, cx, cy, 10, blue);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_set_line_width(cr, 2);
    cairo_move_to(cr, cx - 5, cy);
    cairo_line_to(cr, cx - 1.5, cy + 3.5);
    cairo_line_to(cr, cx + 5, cy - 4);
    cairo_stroke(cr);
}

/* The red disc with a white bar of batch editing's delete control. */
static void delete_control(cairo_t *cr, double cx, double cy)
{
    disc(cr, cx, cy, 10, red);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_rectangle(cr, cx - 5.5, cy - 1.25, 11, 2.5);
    cairo_fill(cr);
}

static void gripper_lines(cairo_t *cr, double cx, double cy)
{
    set_rgb(cr, text_dim, 1);
    for (int k = -1; k <= 1; k++) {
        cairo_rectangle(cr, cx - 10, cy + k * 6 - 1, 20, 2);
    }
    cairo_fill(cr);
}

static const char *item_label(const DrawContext *dc, const char *id)
{
    const Item *item = store_item(dc->store, id);
    return item ? item->label : id;
}

/* The cell's content (what slides on a swipe): background, controls, label, the app's marks. */
static void cell_content(cairo_t *cr, const DrawContext *dc, const gripper_attributes *a, double x, double y,
                         double w, double h)
{
    double radius = dc->columns > 1 ? 10 : 0;
    Rgb fill = cell_fill;
    if (a->flags & GRIPPER_ATTR_SELECTED)
        fill = (Rgb){0.85, 0.92, 1.0};
    set_rgb(cr, fill, 1);
    rounded_rect(cr, x, y, w, h, radius);
    cairo_fill(cr);
    if (dc->columns == 1) { /* a list's hairline under the label */
        set_rgb(cr, separator, 1);
        cairo_rectangle(cr, x + 16, y + h - 1, w - 16, 1);
        cairo_fill(cr);
    }
    if (a->flags & GRIPPER_ATTR_HIGHLIGHTED) {
        cairo_set_source_rgba(cr, 0, 0, 0, 0.08);
        rounded_rect(cr, x, y, w, h, radius);
        cairo_fill(cr);
    }
    double left = x + 16, right = x + w - 12;
    if (a->flags & GRIPPER_ATTR_EDITING) {
        if (a->flags & GRIPPER_ATTR_DELETABLE)
            delete_control(cr, x + CONTROL_WIDTH / 2.0, y + h / 2);
        left = x + CONTROL_WIDTH + 4;
        if (a->flags & GRIPPER_ATTR_MOVABLE) {
            gripper_lines(cr, x + w - CONTROL_WIDTH / 2.0, y + h / 2);
            right = x + w - CONTROL_WIDTH;
        }
    }
    if (a->flags & GRIPPER_ATTR_SELECTED) {
        selection_mark(cr, left + 10, y + h / 2);
        left += 28;
    }
    const Item *item = store_item(dc->store, a->id);
    if (item && item->flagged) {
        disc(cr, right - 6, y + h / 2, 5, orange);
        right -= 16;
    }
    if (item && item->pinned) {
        disc(cr, right - 6, y + h / 2, 5, blue);
        right -= 16;
    }
    text(cr, dc, dc->label_font, item_label(dc, a->id), left, y, right - left, h, dc->columns > 1 && !(item && item->fixed),
         text_dark);
    if (item && item->fixed)
        text(cr, dc, dc->small_font, "fixed", right - 40, y, 40, h, FALSE, text_dim);
}

static void draw_cell(cairo_t *cr, const DrawContext *dc, const gripper_attributes *a, double x, double y, double w,
                      double h)
{
    /* The content slides by the swipe offset and is clipped at the cell: the action buttons show beside it. */
    cairo_save(cr);
    cairo_rectangle(cr, x, y, w, h);
    cairo_clip(cr);
    cell_content(cr, dc, a, x + a->swipe_offset, y, w, h);
    cairo_restore(cr);
    if (a->flags & GRIPPER_ATTR_DROP_TARGET) {
        set_rgb(cr, green, 1);
        cairo_set_line_width(cr, 3);
        rounded_rect(cr, x + 1.5, y + 1.5, w - 3, h - 3, 8);
        cairo_stroke(cr);
    }
    if (a->flags & GRIPPER_ATTR_FOCUSED) {
        set_rgb(cr, blue, 1);
        cairo_set_line_width(cr, 2);
        rounded_rect(cr, x + 2, y + 2, w - 4, h - 4, 6);
        cairo_stroke(cr);
    }
}

static void draw_header(cairo_t *cr, const DrawContext *dc, const gripper_attributes *a, double x, double y,
                        double w, double h)
{
    set_rgb(cr, header_fill, 1);
    cairo_rectangle(cr, x, y, w, h);
    cairo_fill(cr);
    if (a->flags & GRIPPER_ATTR_PINNED) {
        set_rgb(cr, separator, 1);
        cairo_rectangle(cr, x, y + h - 1, w, 1);
        cairo_fill(cr);
    }
    const char *title = a->kind == GRIPPER_ELEMENT_GLOBAL_HEADER ? "Groceries" : store_section_title(dc->store, a->id);
    char *upper = g_utf8_strup(title, -1);
    text(cr, dc, dc->header_font, upper, x + 16, y, w - 32, h, FALSE, text_dim);
    g_free(upper);
}

static void draw_proxy(cairo_t *cr, const DrawContext *dc, const gripper_attributes *a, double x, double y, double w,
                       double h)
{
    /* A soft shadow: three widening translucent bands. */
    for (int k = 3; k >= 1; k--) {
        cairo_set_source_rgba(cr, 0, 0, 0, 0.06);
        rounded_rect(cr, x - k * 2, y - k * 2 + 3, w + k * 4, h + k * 4, 10 + k * 2);
        cairo_fill(cr);
    }
    gripper_attributes content = *a;
    content.flags &= ~(uint32_t)(GRIPPER_ATTR_FOCUSED | GRIPPER_ATTR_HIGHLIGHTED);
    cell_content(cr, dc, &content, x, y, w, h);
    if (a->drag_item_count > 1) {
        char count[16];
        g_snprintf(count, sizeof count, "%d", a->drag_item_count);
        disc(cr, x + w - 4, y + 4, 12, red);
        text(cr, dc, dc->small_font, count, x + w - 16, y - 8, 24, 24, TRUE, (Rgb){1, 1, 1});
    }
}

static void draw_action(cairo_t *cr, const DrawContext *dc, const gripper_attributes *a, double x, double y,
                        double w, double h)
{
    Rgb fill = text_dim;
    if (a->action_id && strcmp(a->action_id, "delete") == 0)
        fill = red;
    else if (a->action_id && strcmp(a->action_id, "flag") == 0)
        fill = orange;
    else if (a->action_id && strcmp(a->action_id, "pin") == 0)
        fill = blue;
    set_rgb(cr, fill, 1);
    cairo_rectangle(cr, x, y, w, h);
    cairo_fill(cr);
    text(cr, dc, dc->label_font, store_action_title(dc->store, a->action_id, a->id), x + 4, y, w - 8, h, TRUE,
         (Rgb){1, 1, 1});
}

static void draw_placeholder(cairo_t *cr, double x, double y, double w, double h)
{
    static const double dash[] = {6, 4};
    set_rgb(cr, blue, 0.6);
    cairo_set_line_width(cr, 1.5);
    cairo_set_dash(cr, dash, 2, 0);
    rounded_rect(cr, x + 3, y + 3, w - 6, h - 6, 8);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
}

/* One element at its animated frame; `alpha` below 1 draws it through a group. */
static void draw_element(cairo_t *cr, const DrawContext *dc, const gripper_attributes *a, Motion m)
{
    double x = a->x + m.dx, y = a->y + m.dy, w = a->width + m.dw, h = a->height + m.dh;
    double alpha = a->alpha * m.alpha;
    if (alpha <= 0.001 || w <= 0 || h <= 0)
        return;
    gboolean group = alpha < 0.999;
    if (group)
        cairo_push_group(cr);
    switch (a->kind) {
    case GRIPPER_ELEMENT_CELL:
        draw_cell(cr, dc, a, x, y, w, h);
        break;
    case GRIPPER_ELEMENT_HEADER:
    case GRIPPER_ELEMENT_FOOTER:
    case GRIPPER_ELEMENT_GLOBAL_HEADER:
        draw_header(cr, dc, a, x, y, w, h);
        break;
    case GRIPPER_ELEMENT_SECTION_BACKGROUND:
        set_rgb(cr, background, 1);
        cairo_rectangle(cr, x, y, w, h);
        cairo_fill(cr);
        break;
    case GRIPPER_ELEMENT_SEPARATOR:
        set_rgb(cr, separator, 1);
        cairo_rectangle(cr, x, y, w, h);
        cairo_fill(cr);
        break;
    case GRIPPER_ELEMENT_PLACEHOLDER:
        draw_placeholder(cr, x, y, w, h);
        break;
    case GRIPPER_ELEMENT_DRAG_PROXY:
        draw_proxy(cr, dc, a, x, y, w, h);
        break;
    case GRIPPER_ELEMENT_ACTION:
        draw_action(cr, dc, a, x, y, w, h);
        break;
    default:
        break;
    }
    if (group) {
        cairo_pop_group_to_source(cr);
        cairo_paint_with_alpha(cr, alpha);
    }
}

void draw_scene(cairo_t *cr, const DrawContext *dc, int width, int height, const gripper_attributes *elements,
                size_t count, const GArray *leaving)
{
    set_rgb(cr, background, 1);
    cairo_rectangle(cr, 0, 0, width, height);
    cairo_fill(cr);
    /* What left (a deleted cell) fades out under what stays. */
    for (guint i = 0; leaving && i < leaving->len; i++)
        draw_element(cr, dc, &g_array_index(leaving, gripper_attributes, i), (Motion){0, 0, 0, 0, 1});
    for (size_t i = 0; i < count; i++) {
        const gripper_attributes *a = &elements[i];
        /* The drag's source cell: the placeholder at the gap stands for it. */
        if (a->flags & GRIPPER_ATTR_HIDDEN)
            continue;
        draw_element(cr, dc, a, anim_motion(dc->anim, dc->now_us, a));
    }
}
