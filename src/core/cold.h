// GAMUT_COLD, before the definition of a function no playout and no search runs: reading the
// rules data, building the view the screen draws, the tests' debug() and check(). The web build compiles such a function for
// size (clang's minsize) and the rest of the engine for speed: this code is much of the engine's
// download and takes no part in the AI's speed (docs/performance.md, "Download size").
#pragma once

#if defined(__EMSCRIPTEN__) && defined(__clang__)
#define GAMUT_COLD __attribute__((minsize))
#else
#define GAMUT_COLD
#endif
