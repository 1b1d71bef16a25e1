// SDL2 (windows, the software renderer, surfaces), SDL2_ttf (text through
// FreeType) and zlib (the PNG frames' deflate and CRC): GripperWindow's C layer.
#include <SDL.h>
#include <SDL_ttf.h>
#include <zlib.h>
