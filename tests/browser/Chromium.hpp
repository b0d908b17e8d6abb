// Debian's Chromium, headless, with a fresh profile and a DevTools port: started by the test,
// closed by it (Browser.close, then the process is killed if it lingers).
#pragma once

#include <memory>
#include <string>

#include "DevTools.hpp"
#include "support/Process.hpp"
#include "support/TempDir.hpp"

namespace lodestone::test {

class Chromium {
  public:
    // The browser's path: CHROMIUM_PATH as CMake found it.
    static std::string executable();

    Chromium();
    ~Chromium();
    Chromium(const Chromium&) = delete;
    Chromium& operator=(const Chromium&) = delete;

    DevTools& devTools() { return *devTools_; }

    // A new tab, attached with its own session id for the commands that drive it.
    std::string openTab();

  private:
    TempDir profile_;
    std::unique_ptr<ChildProcess> process_;
    std::unique_ptr<DevTools> devTools_;
};

}  // namespace lodestone::test
