#pragma once

#include <stdexcept>
#include <string>

namespace lodestone::plugins {

class RunControl;

// The daemon's outbound HTTP client as plugins reach it through the host API (http_request).
// The plugins module only passes JSON through; whoever runs a plugin that may talk to the
// network supplies an implementation carrying that subsystem's safety rules.
class HttpGateway {
  public:
    virtual ~HttpGateway() = default;

    // Sends one request described by `requestJson` (see plugin_abi.h) within the run's deadline
    // and returns the response JSON. Throws HttpRequestInvalid for a request that cannot be
    // made sense of, and std::runtime_error (with the reason) when no response came.
    virtual std::string request(const RunControl& control,
                                const std::string& requestJson) const = 0;
};

class HttpRequestInvalid : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

}  // namespace lodestone::plugins
