#pragma once

#include <string>
#include <vector>

namespace lodestone::bench::json {

// A JSON request body built to one shape, as costly to read as that shape can be at its size.
struct BodyShape {
    std::string name;
    std::string what;  // the shape in a few words, for the report
    std::string body;
};

// Every costly shape, each a Generate Lead Magnet body (an object with a valid email) of just
// under `size` bytes: as many keys as fit, at the top and in customFields; nesting as deep as
// fits; one long string, plain and of \u escapes; as many small arrays as fit; as many objects of
// the most keys one may have as fit. Then the two attacks as reported (60,000 keys; 30,000 in
// customFields).
std::vector<BodyShape> bodyShapes(std::size_t size);

}  // namespace lodestone::bench::json
