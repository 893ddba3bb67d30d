// Malformed debug-info attributes and locations are parse errors at the offending token.
// RUN: %tilec -O0 --verify-diagnostics --split-input-file %s

// expected-error@+1 {{struct is missing required parameter: file}}
#cu = #cuda_tile.di_compile_unit<>
cuda_tile.module @m {
}

// -----

#f = #cuda_tile.di_file<"a.py" in "/d">
// expected-error@+1 {{invalid kind of attribute specified for parameter 'compileUnit' of #cuda_tile.di_subprogram}}
#sp = #cuda_tile.di_subprogram<file = #f, line = 1, name = "k", linkageName = "k", compileUnit = #f>
cuda_tile.module @m {
}

// -----

#f = #cuda_tile.di_file<"a.py" in "/d">
#cu = #cuda_tile.di_compile_unit<file = #f>
// expected-error@+1 {{expected a non-negative integer for parameter 'line' of #cuda_tile.di_subprogram}}
#sp = #cuda_tile.di_subprogram<file = #f, line = -3, name = "k", linkageName = "k", compileUnit = #cu>
cuda_tile.module @m {
}

// -----

#f = #cuda_tile.di_file<"a.py" in "/d">
// expected-error@+1 {{duplicate or unknown struct parameter name: file}}
#cu = #cuda_tile.di_compile_unit<file = #f, file = #f>
cuda_tile.module @m {
}

// -----

#f = #cuda_tile.di_file<"a.py" in "/d">
#cu = #cuda_tile.di_compile_unit<file = #f>
// expected-error@+1 {{duplicate or unknown struct parameter name: scope}}
#sp = #cuda_tile.di_subprogram<scope = #f, file = #f, line = 1, name = "k", linkageName = "k", compileUnit = #cu>
cuda_tile.module @m {
}

// -----

#f = #cuda_tile.di_file<"a.py" in "/d">
#cu = #cuda_tile.di_compile_unit<file = #f>
#sp = #cuda_tile.di_subprogram<file = #f, line = 1, name = "k", linkageName = "k", compileUnit = #cu>
// A lexical block's scope is a local scope (subprogram or lexical block), not a file.
// expected-error@+1 {{invalid kind of attribute specified for parameter 'scope' of #cuda_tile.di_lexical_block}}
#b = #cuda_tile.di_lexical_block<scope = #f, file = #f, line = 2>
cuda_tile.module @m {
}

// -----

#f = #cuda_tile.di_file<"a.py" in "/d">
cuda_tile.module @m {
  entry @k() {
    // The scope of a di_loc is a local scope.
    // expected-error@+1 {{invalid kind of attribute specified for the scope of #cuda_tile.di_loc}}
    return loc(#cuda_tile.di_loc<loc("a.py":3:4) in #f>)
  }
}

// -----

#f = #cuda_tile.di_file<"a.py" in "/d">
#cu = #cuda_tile.di_compile_unit<file = #f>
#sp = #cuda_tile.di_subprogram<file = #f, line = 1, name = "k", linkageName = "k", compileUnit = #cu>
cuda_tile.module @m {
  entry @k() {
    // The source location of a di_loc is a FileLineCol.
    // expected-error@+1 {{#cuda_tile.di_loc requires a FileLineColLoc source location}}
    return loc(#cuda_tile.di_loc<loc(unknown) in #sp>)
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error@+1 {{undefined symbol alias id 'nowhere'}}
    return loc(#nowhere)
  }
}

// -----

#f = #cuda_tile.di_file<"a.py" in "/d">
cuda_tile.module @m {
  entry @k() {
    // expected-error@+1 {{expected a location, but alias '#f' is an attribute}}
    return loc(#f)
  }
}

// -----

#l = loc("a.py":1:1)
// expected-error@+1 {{redefinition of symbol alias id 'l'}}
#l = loc("a.py":2:2)
cuda_tile.module @m {
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error@+1 {{expected location instance}}
    return loc(fused["a.py":1:1, 42])
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error@+1 {{line number is out of range}}
    return loc("a.py":99999999999:1)
  }
}

// -----

// expected-error@+1 {{got '#cuda_tile.di_scope'}}
#x = #cuda_tile.di_scope<"a.py">
cuda_tile.module @m {
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error@+1 {{expected attribute value}}
    return loc(fused<foo bar>["a.py":1:1])
  }
}
