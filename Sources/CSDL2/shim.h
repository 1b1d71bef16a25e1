// SDL2 (windows, the software renderer, surfaces), SDL2_ttf (text through
// FreeType) and zlib (the PNG frames' deflate and CRC): GripperWindow's C layer.
// By path (SDL's headers include each other with quotes, found beside them):
// no -I from sdl2.pc, whose -D_REENTRANT SwiftPM prohibits.
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#include <zlib.h>
