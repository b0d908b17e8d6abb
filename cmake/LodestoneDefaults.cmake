# Compiler settings every Lodestone target shares: warnings (as errors in CI) and, for the
# asan preset, the sanitizers.
function(lodestone_target_defaults target)
    target_compile_options(${target} PRIVATE -Wall -Wextra)
    if(LODESTONE_WERROR)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
endfunction()

if(LODESTONE_SANITIZE)
    add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
    add_link_options(-fsanitize=address,undefined)
    # Tests with a latency bound give the sanitized daemon room by this, not by loosening the
    # bound every other build is held to.
    add_compile_definitions(LODESTONE_SANITIZED=1)
endif()
