// The only C that Swift sees of libyaml (Debian's libyaml-dev, pkg-config
// yaml-0.1): its parser's event API, which GripperFiles' YAMLDocument
// composes into a tree.
#ifndef GRIPPER_CLIBYAML_SHIM_H
#define GRIPPER_CLIBYAML_SHIM_H
#include <yaml.h>
#endif
