/* The Swift implementations of gripper.h's functions (Sources/GripperC,
 * @_cdecl): internal to libgripper, called only by gripper.c. */
#ifndef GRIPPER_IMPL_H
#define GRIPPER_IMPL_H
#include "gripper.h"

const char *gripperimpl_version(void);
void gripperimpl_config_init(gripper_config *config);
gripper_status gripperimpl_engine_open(const gripper_config *config, const gripper_data_source *source, const gripper_delegate *delegate, gripper_engine **engine, char *message, size_t message_capacity);
gripper_status gripperimpl_engine_open_arrays(const gripper_config *config, const gripper_section_data *sections, size_t section_count, const gripper_delegate *delegate, gripper_engine **engine, char *message, size_t message_capacity);
void gripperimpl_engine_close(gripper_engine *engine);
const char *gripperimpl_engine_last_error(const gripper_engine *engine);
uint64_t gripperimpl_callback_errors(const gripper_engine *engine);
gripper_status gripperimpl_touch(gripper_engine *engine, int64_t time_us, int phase, uint64_t sequence, double x, double y);
gripper_status gripperimpl_pointer_motion(gripper_engine *engine, int64_t time_us, double x, double y);
gripper_status gripperimpl_pointer_button(gripper_engine *engine, int64_t time_us, double x, double y, uint32_t button, int pressed);
gripper_status gripperimpl_scroll(gripper_engine *engine, int64_t time_us, double x, double y, double dx, double dy);
gripper_status gripperimpl_key(gripper_engine *engine, int64_t time_us, uint32_t code, int state);
gripper_status gripperimpl_cancel(gripper_engine *engine, int64_t time_us);
gripper_status gripperimpl_attach_device(gripper_engine *engine, const gripper_device_info *info, uint32_t *device);
gripper_status gripperimpl_evdev_frame(gripper_engine *engine, uint32_t device, const gripper_input_event *events, size_t count);
gripper_status gripperimpl_device_lost(gripper_engine *engine, uint32_t device, int64_t time_us);
gripper_status gripperimpl_next_deadline(const gripper_engine *engine, int64_t *time_us, int *has_deadline);
gripper_status gripperimpl_fire(gripper_engine *engine, int64_t time_us);
gripper_status gripperimpl_finish(gripper_engine *engine);
gripper_status gripperimpl_attributes_in_rect(gripper_engine *engine, double x, double y, double width, double height, gripper_attributes *out, size_t capacity, size_t *count);
gripper_status gripperimpl_content_offset(const gripper_engine *engine, double *offset);
gripper_status gripperimpl_content_size(const gripper_engine *engine, double *width, double *height);
const char *gripperimpl_state(gripper_engine *engine);
gripper_status gripperimpl_section_count(const gripper_engine *engine, size_t *count);
gripper_status gripperimpl_item_count(const gripper_engine *engine, size_t section, size_t *count);
gripper_status gripperimpl_item_id(const gripper_engine *engine, size_t section, size_t item, char *buffer, size_t capacity, size_t *length);
gripper_status gripperimpl_section_id(const gripper_engine *engine, size_t section, char *buffer, size_t capacity, size_t *length);
gripper_status gripperimpl_journal_count(const gripper_engine *engine, size_t *count);
gripper_status gripperimpl_apply_batch(gripper_engine *engine, int64_t time_us, const gripper_batch_op *ops, size_t count);
gripper_status gripperimpl_run_command(gripper_engine *engine, int64_t time_us, int command);
gripper_status gripperimpl_set_focus(gripper_engine *engine, int64_t time_us, int32_t section, int32_t item);
/* `given`: 1 the width, 2 the height (or both); 4: of the header or footer `kind`, else of the item. */
gripper_status gripperimpl_set_measured(gripper_engine *engine, int64_t time_us, int kind, int32_t section, int32_t item,
                                        int given, double width, double height);
gripper_status gripperimpl_scroll_to(gripper_engine *engine, int64_t time_us, double offset, int animated);
gripper_status gripperimpl_resize(gripper_engine *engine, int64_t time_us, double width, double height);
void gripperimpl_layout_change_init(gripper_layout_change *change);
gripper_status gripperimpl_change_layout(gripper_engine *engine, int64_t time_us, const gripper_layout_change *change);
gripper_status gripperimpl_take_display_changes(gripper_engine *engine, gripper_display_change *out, size_t capacity, size_t *count);
gripper_status gripperimpl_touchpad_pinch(gripper_engine *engine, int64_t time_us, int phase, double scale, double x, double y);
gripper_status gripperimpl_set_pinch_layouts(gripper_engine *engine, const gripper_layout_change *closing, const gripper_layout_change *spreading);
void gripperimpl_pinch_init(gripper_pinch *pinch);
gripper_status gripperimpl_get_pinch(gripper_engine *engine, gripper_pinch *out);
gripper_status gripperimpl_pinched_attributes(gripper_engine *engine, gripper_attributes *out, size_t capacity, size_t *count);
gripper_status gripperimpl_take_lines(gripper_engine *engine, char *buffer, size_t capacity, size_t *length);
gripper_status gripperimpl_transcript(const gripper_engine *engine, char *buffer, size_t capacity, size_t *length);
gripper_status gripperimpl_take_announcement(gripper_engine *engine, char *buffer, size_t capacity, size_t *length);
gripper_status gripperimpl_take_transitions(gripper_engine *engine, size_t *count);
gripper_status gripperimpl_transition_at(gripper_engine *engine, size_t index, gripper_transition *out);
gripper_status gripperimpl_transition_changes(gripper_engine *engine, size_t index, gripper_change *out, size_t capacity, size_t *count);
double gripperimpl_curve_value(int curve, double fraction);
gripper_status gripperimpl_save_replay_case(gripper_engine *engine, const char *directory);

#endif
