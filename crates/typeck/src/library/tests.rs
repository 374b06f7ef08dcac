use super::*;

#[test]
fn every_function_loads_for_each_precision() {
    for float in [Scalar::F32, Scalar::F64] {
        for name in crate::builtins::module_functions("cmath") {
            let k = function("cmath", name, float).unwrap_or_else(|| panic!("cmath.{name}"));
            assert_eq!(source(k - BASE).name, format!("cmath.{name}"));
        }
    }
}

#[test]
fn every_random_function_loads() {
    for name in crate::builtins::module_functions("cuda.random") {
        let k = function("cuda.random", name, Scalar::F64)
            .unwrap_or_else(|| panic!("cuda.random.{name}"));
        assert_eq!(source(k - BASE).name, format!("cuda.random.{name}"));
    }
}
