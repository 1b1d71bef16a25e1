/* libgripper's exported functions, in C: each calls its implementation in
 * Swift (Sources/GripperCFace, @_cdecl("gripperimpl_…"), declared in
 * gripper_impl.h). Written in C so that the library's debug information
 * describes every function and struct of gripper.h exactly as a C compiler
 * sees them — what abidiff compares against the baseline (scripts/abi-check);
 * the gripperimpl_ functions stay local (libgripper.map). The status names are C's
 * own. */
#include "gripper.h"
#include "gripper_impl.h"

const char *gripper_status_name(int status) {
    switch (status) {
    case GRIPPER_OK: return "GRIPPER_OK";
    case GRIPPER_ERROR_NULL: return "GRIPPER_ERROR_NULL";
    case GRIPPER_ERROR_STRUCT_SIZE: return "GRIPPER_ERROR_STRUCT_SIZE";
    case GRIPPER_ERROR_INVALID: return "GRIPPER_ERROR_INVALID";
    case GRIPPER_ERROR_UTF8: return "GRIPPER_ERROR_UTF8";
    case GRIPPER_ERROR_DATA_SOURCE: return "GRIPPER_ERROR_DATA_SOURCE";
    case GRIPPER_ERROR_LAYOUT: return "GRIPPER_ERROR_LAYOUT";
    case GRIPPER_ERROR_BATCH: return "GRIPPER_ERROR_BATCH";
    case GRIPPER_ERROR_TIME_ORDER: return "GRIPPER_ERROR_TIME_ORDER";
    case GRIPPER_ERROR_REENTRANT: return "GRIPPER_ERROR_REENTRANT";
    case GRIPPER_ERROR_BUFFER: return "GRIPPER_ERROR_BUFFER";
    case GRIPPER_ERROR_NOT_FOUND: return "GRIPPER_ERROR_NOT_FOUND";
    case GRIPPER_ERROR_IO: return "GRIPPER_ERROR_IO";
    case GRIPPER_ERROR_FINISHED: return "GRIPPER_ERROR_FINISHED";
    default: return "unknown status";
    }
}

const char *gripper_version(void) { return gripperimpl_version(); }
void gripper_config_init(gripper_config *config) { gripperimpl_config_init(config); }
gripper_status gripper_engine_open(const gripper_config *config, const gripper_data_source *source, const gripper_delegate *delegate, gripper_engine **engine, char *message, size_t message_capacity) { return gripperimpl_engine_open(config, source, delegate, engine, message, message_capacity); }
gripper_status gripper_engine_open_arrays(const gripper_config *config, const gripper_section_data *sections, size_t section_count, const gripper_delegate *delegate, gripper_engine **engine, char *message, size_t message_capacity) { return gripperimpl_engine_open_arrays(config, sections, section_count, delegate, engine, message, message_capacity); }
void gripper_engine_close(gripper_engine *engine) { gripperimpl_engine_close(engine); }
const char *gripper_engine_last_error(const gripper_engine *engine) { return gripperimpl_engine_last_error(engine); }
uint64_t gripper_callback_errors(const gripper_engine *engine) { return gripperimpl_callback_errors(engine); }
gripper_status gripper_touch(gripper_engine *engine, int64_t time_us, int phase, uint64_t sequence, double x, double y) { return gripperimpl_touch(engine, time_us, phase, sequence, x, y); }
gripper_status gripper_pointer_motion(gripper_engine *engine, int64_t time_us, double x, double y) { return gripperimpl_pointer_motion(engine, time_us, x, y); }
gripper_status gripper_pointer_button(gripper_engine *engine, int64_t time_us, double x, double y, uint32_t button, int pressed) { return gripperimpl_pointer_button(engine, time_us, x, y, button, pressed); }
gripper_status gripper_scroll(gripper_engine *engine, int64_t time_us, double x, double y, double dx, double dy) { return gripperimpl_scroll(engine, time_us, x, y, dx, dy); }
gripper_status gripper_key(gripper_engine *engine, int64_t time_us, uint32_t code, int state) { return gripperimpl_key(engine, time_us, code, state); }
gripper_status gripper_cancel(gripper_engine *engine, int64_t time_us) { return gripperimpl_cancel(engine, time_us); }
gripper_status gripper_attach_device(gripper_engine *engine, const gripper_device_info *info, uint32_t *device) { return gripperimpl_attach_device(engine, info, device); }
gripper_status gripper_evdev_frame(gripper_engine *engine, uint32_t device, const gripper_input_event *events, size_t count) { return gripperimpl_evdev_frame(engine, device, events, count); }
gripper_status gripper_device_lost(gripper_engine *engine, uint32_t device, int64_t time_us) { return gripperimpl_device_lost(engine, device, time_us); }
gripper_status gripper_next_deadline(const gripper_engine *engine, int64_t *time_us, int *has_deadline) { return gripperimpl_next_deadline(engine, time_us, has_deadline); }
gripper_status gripper_fire(gripper_engine *engine, int64_t time_us) { return gripperimpl_fire(engine, time_us); }
gripper_status gripper_finish(gripper_engine *engine) { return gripperimpl_finish(engine); }
gripper_status gripper_attributes_in_rect(gripper_engine *engine, double x, double y, double width, double height, gripper_attributes *out, size_t capacity, size_t *count) { return gripperimpl_attributes_in_rect(engine, x, y, width, height, out, capacity, count); }
gripper_status gripper_content_offset(const gripper_engine *engine, double *offset) { return gripperimpl_content_offset(engine, offset); }
gripper_status gripper_content_size(const gripper_engine *engine, double *width, double *height) { return gripperimpl_content_size(engine, width, height); }
const char *gripper_state(gripper_engine *engine) { return gripperimpl_state(engine); }
gripper_status gripper_section_count(const gripper_engine *engine, size_t *count) { return gripperimpl_section_count(engine, count); }
gripper_status gripper_item_count(const gripper_engine *engine, size_t section, size_t *count) { return gripperimpl_item_count(engine, section, count); }
gripper_status gripper_item_id(const gripper_engine *engine, size_t section, size_t item, char *buffer, size_t capacity, size_t *length) { return gripperimpl_item_id(engine, section, item, buffer, capacity, length); }
gripper_status gripper_section_id(const gripper_engine *engine, size_t section, char *buffer, size_t capacity, size_t *length) { return gripperimpl_section_id(engine, section, buffer, capacity, length); }
gripper_status gripper_journal_count(const gripper_engine *engine, size_t *count) { return gripperimpl_journal_count(engine, count); }
gripper_status gripper_apply_batch(gripper_engine *engine, int64_t time_us, const gripper_batch_op *ops, size_t count) { return gripperimpl_apply_batch(engine, time_us, ops, count); }
gripper_status gripper_run_command(gripper_engine *engine, int64_t time_us, int command) { return gripperimpl_run_command(engine, time_us, command); }
gripper_status gripper_set_focus(gripper_engine *engine, int64_t time_us, int32_t section, int32_t item) { return gripperimpl_set_focus(engine, time_us, section, item); }
gripper_status gripper_set_measured_height(gripper_engine *engine, int64_t time_us, int32_t section, int32_t item, double height) { return gripperimpl_set_measured(engine, time_us, GRIPPER_ELEMENT_CELL, section, item, 2, 0, height); }
gripper_status gripper_set_measured_width(gripper_engine *engine, int64_t time_us, int32_t section, int32_t item, double width) { return gripperimpl_set_measured(engine, time_us, GRIPPER_ELEMENT_CELL, section, item, 1, width, 0); }
gripper_status gripper_set_measured_size(gripper_engine *engine, int64_t time_us, int32_t section, int32_t item, double width, double height) { return gripperimpl_set_measured(engine, time_us, GRIPPER_ELEMENT_CELL, section, item, 3, width, height); }
gripper_status gripper_set_measured_supplementary_height(gripper_engine *engine, int64_t time_us, int kind, int32_t section, double height) { return gripperimpl_set_measured(engine, time_us, kind, section, 0, 6, 0, height); }
gripper_status gripper_scroll_to(gripper_engine *engine, int64_t time_us, double offset, int animated) { return gripperimpl_scroll_to(engine, time_us, offset, animated); }
gripper_status gripper_resize(gripper_engine *engine, int64_t time_us, double width, double height) { return gripperimpl_resize(engine, time_us, width, height); }
void gripper_layout_change_init(gripper_layout_change *change) { gripperimpl_layout_change_init(change); }
gripper_status gripper_change_layout(gripper_engine *engine, int64_t time_us, const gripper_layout_change *change) { return gripperimpl_change_layout(engine, time_us, change); }
gripper_status gripper_touchpad_pinch(gripper_engine *engine, int64_t time_us, int phase, double scale, double x, double y) { return gripperimpl_touchpad_pinch(engine, time_us, phase, scale, x, y); }
gripper_status gripper_set_pinch_layouts(gripper_engine *engine, const gripper_layout_change *closing, const gripper_layout_change *spreading) { return gripperimpl_set_pinch_layouts(engine, closing, spreading); }
void gripper_pinch_init(gripper_pinch *pinch) { gripperimpl_pinch_init(pinch); }
gripper_status gripper_get_pinch(gripper_engine *engine, gripper_pinch *out) { return gripperimpl_get_pinch(engine, out); }
gripper_status gripper_pinched_attributes(gripper_engine *engine, gripper_attributes *out, size_t capacity, size_t *count) { return gripperimpl_pinched_attributes(engine, out, capacity, count); }
gripper_status gripper_take_display_changes(gripper_engine *engine, gripper_display_change *out, size_t capacity, size_t *count) { return gripperimpl_take_display_changes(engine, out, capacity, count); }
gripper_status gripper_take_lines(gripper_engine *engine, char *buffer, size_t capacity, size_t *length) { return gripperimpl_take_lines(engine, buffer, capacity, length); }
gripper_status gripper_transcript(const gripper_engine *engine, char *buffer, size_t capacity, size_t *length) { return gripperimpl_transcript(engine, buffer, capacity, length); }
gripper_status gripper_take_announcement(gripper_engine *engine, char *buffer, size_t capacity, size_t *length) { return gripperimpl_take_announcement(engine, buffer, capacity, length); }
gripper_status gripper_take_transitions(gripper_engine *engine, size_t *count) { return gripperimpl_take_transitions(engine, count); }
gripper_status gripper_transition_at(gripper_engine *engine, size_t index, gripper_transition *out) { return gripperimpl_transition_at(engine, index, out); }
gripper_status gripper_transition_changes(gripper_engine *engine, size_t index, gripper_change *out, size_t capacity, size_t *count) { return gripperimpl_transition_changes(engine, index, out, capacity, count); }
double gripper_curve_value(int curve, double fraction) { return gripperimpl_curve_value(curve, fraction); }
gripper_status gripper_save_replay_case(gripper_engine *engine, const char *directory) { return gripperimpl_save_replay_case(engine, directory); }
