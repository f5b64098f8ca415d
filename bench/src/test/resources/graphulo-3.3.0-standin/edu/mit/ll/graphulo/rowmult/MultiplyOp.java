package edu.mit.ll.graphulo.rowmult;

/** Stand-in: the type Graphulo 3.3.0's TableMult bounds its multiply class by. */
public interface MultiplyOp {}
