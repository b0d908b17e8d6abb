#include <iostream>

#include "app/LodestoneApp.hpp"
#include "app/MemoryTuning.hpp"
#include "config/ConfigError.hpp"

// The edge of the process: whatever stops start-up becomes a message and an exit code.
int main(int argc, char** argv) {
    lodestone::app::tuneAllocator();
    try {
        lodestone::app::LodestoneApp app;
        return app.start(argc, argv);
    } catch (const lodestone::config::ConfigError& e) {
        std::cerr << "lodestoned: the configuration is invalid:\n" << e.what() << '\n';
        return lodestone::app::LodestoneApp::kExitBadConfig;
    } catch (const std::exception& e) {
        std::cerr << "lodestoned: cannot start: " << e.what() << '\n';
        return 1;
    }
}
