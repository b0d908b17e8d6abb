#pragma once

#include <chrono>
#include <cstddef>
#include <functional>

#include "http/RequestParser.hpp"

namespace lodestone::http {

// What a client may cost the service (server: in the config, docs/configuration.md).
struct FrontOptions {
    ParserLimits parser;
    std::chrono::milliseconds headTimeout{10'000};       // first byte to end of the request head
    std::chrono::milliseconds keepAliveTimeout{15'000};  // idle between two requests
    std::chrono::milliseconds sendTimeout{30'000};       // for the client to take an answer
    std::size_t minBodyRate = 1024;  // bytes/s a body must average once headTimeout has passed
    std::size_t maxConnections = 4096;
    std::size_t maxConnectionsPerAddress = 256;
    int workers = 32;
    std::size_t maxQueued = 256;  // complete requests waiting for a worker
    bool accessLog = false;       // one log line per request answered (logger lodestone.access)
    // Told the status of each answer the front gives itself, with no handler (a malformed or
    // oversized request, a timeout, no room): for the request metrics. On the loop thread, so
    // it must be quick.
    std::function<void(int status)> answeredItself;
    // True for a request quick enough to answer on the loop thread itself (a status poll: a
    // read of a few rows): handing it to a worker and the answer back costs two thread switches,
    // more than the request. Anything that may wait (a write, a call out) must go to a worker,
    // or every connection waits with it. Unset: every request goes to a worker.
    std::function<bool(const RequestHead& head)> answersInline;
};

}  // namespace lodestone::http
