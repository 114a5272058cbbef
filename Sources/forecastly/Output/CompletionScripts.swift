/// `forecastly Ky<TAB>`: the default command's PLACE, completed at the root
/// beside the subcommands' names. ArgumentParser's scripts complete either a
/// root argument or subcommands, and a root argument would swallow every
/// subcommand's name, so each script gets one line where it offers the
/// subcommands: the same call its `forecast PLACE` completion makes. The
/// install test completes a place and a subcommand's file in each shell.
enum RootPlaceCompletion {
    static func patch(_ script: String, shell: String) -> String {
        switch shell {
        case "bash":
            let anchor = "        # Offer subcommand completions\n        COMPREPLY+=($(compgen -W "
            guard let range = script.range(of: anchor), let end = script[range.upperBound...].firstIndex(of: "\n") else { return script }
            return String(script[..<end]) + "\n"
                + #"        [[ "${cur}" = -* ]] || __forecastly_add_completions -W "$(__forecastly_custom_complete ---completion forecast -- positional@0 "${COMP_CWORD}" "$(__forecastly_cursor_index_in_current_word)")""#
                + String(script[end...])
        case "zsh":
            let anchor = "        _describe -V subcommand subcommands && ret=0\n"
            guard let range = script.range(of: anchor) else { return script }
            return String(script[..<range.upperBound])
                + #"        [[ "${PREFIX}" = -* ]] || { __forecastly_custom_complete ---completion forecast -- positional@0 "${current_word_index}" "$(__forecastly_cursor_index_in_current_word)" && ret=0 }"#
                + "\n" + String(script[range.upperBound...])
        case "fish":
            return script + "\n"
                + #"complete -c 'forecastly' -n '__forecastly_should_offer_completions_for_positional "forecastly" -eq 1' -fka '(__forecastly_custom_completion ---completion forecast -- positional@0 (count (__forecastly_tokens -pc)) (__forecastly_tokens -tC))'"#
                + "\n"
        default:
            return script
        }
    }

    /// The shell `--generate-completion-script` names, if any.
    static func shell(in arguments: [String]) -> String? {
        if let index = arguments.firstIndex(of: "--generate-completion-script"), index + 1 < arguments.count { return arguments[index + 1] }
        return arguments.first { $0.hasPrefix("--generate-completion-script=") }.map { String($0.dropFirst("--generate-completion-script=".count)) }
    }
}
