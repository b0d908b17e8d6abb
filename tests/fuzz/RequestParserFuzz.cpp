// libFuzzer target: the request parsing the front does itself (heads, Content-Length and chunked
// bodies, pipelining), fed in pieces as a socket would deliver them. Any exception other than
// HttpError, any crash or sanitizer report, or a broken invariant below is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "http/HttpError.hpp"
#include "http/RequestParser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    // The first byte picks how the rest is split into reads (1 to 256 bytes each).
    const std::size_t step = static_cast<std::size_t>(data[0]) + 1;
    std::string_view wire(reinterpret_cast<const char*>(data + 1), size - 1);

    lodestone::http::ParserLimits limits;
    limits.maxHeadBytes = 4096;
    limits.maxBodyBytes = 8192;
    lodestone::http::RequestParser parser(limits);
    try {
        std::string pending;
        for (std::size_t at = 0; at < wire.size(); at += step) {
            pending.append(wire.substr(at, step));
            for (;;) {
                const std::size_t used = parser.feed(pending);
                if (used > pending.size()) std::abort();
                pending.erase(0, used);
                if (parser.progress() != lodestone::http::RequestParser::Progress::Complete) {
                    if (!pending.empty()) std::abort();  // an unfinished request takes every byte
                    break;
                }
                auto request = parser.take();
                if (request.body.size() > limits.maxBodyBytes) std::abort();
                if (request.head.method.empty() || request.head.target.empty()) std::abort();
                if (pending.empty()) break;
            }
        }
    } catch (const lodestone::http::HttpError& e) {
        if (e.status() < 400 || e.status() > 599) std::abort();
    }
    return 0;
}
