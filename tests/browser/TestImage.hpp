// A small PNG drawn in code, for a project's logo in the browser test: no binary file to keep in
// the tree, and an image Chromium really has to decode.
#pragma once

#include <string>

namespace lodestone::test {

// A `width` x `height` RGB PNG: a dark green badge with light stripes.
std::string logoPng(int width, int height);

}  // namespace lodestone::test
