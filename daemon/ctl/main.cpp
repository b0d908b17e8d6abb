#include <iostream>

#include "Ctl.hpp"

int main(int argc, char** argv) {
    return lodestone::ctl::run(std::vector<std::string>(argv + 1, argv + argc), std::cout,
                               std::cerr);
}
